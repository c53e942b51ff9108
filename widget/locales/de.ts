import type { Catalog } from '../parts/translate'

/** German. Keys are the English messages (see `parts/translate.ts`); `translate.test.ts` keeps this complete. */
export const catalog: Catalog = {
  dir: 'ltr',
  messages: {
    Settings: 'Einstellungen',
    History: 'Verlauf',
    'This swap was interrupted: the widget was removed from the page while it ran.':
      'Dieser Tausch wurde unterbrochen: Das Widget wurde während des Vorgangs von der Seite entfernt.',
    'No route for this pair': 'Keine Route für dieses Paar',
    'Token not found': 'Token nicht gefunden',
    'This pair cannot be swapped': 'Dieses Paar kann nicht getauscht werden',
    'Check the amount and addresses': 'Betrag und Adressen prüfen',
    'Too many requests': 'Zu viele Anfragen',
    'Service unavailable': 'Dienst nicht verfügbar',
    '{problem}, retrying in {seconds} s': '{problem}, neuer Versuch in {seconds} s',
    'Something in this request is not valid. Check the amount, tokens and addresses.':
      'Etwas an dieser Anfrage ist ungültig. Prüfen Sie Betrag, Token und Adressen.',
    'These two assets cannot be swapped with each other here.':
      'Diese beiden Assets können hier nicht gegeneinander getauscht werden.',
    'That chain is not supported.': 'Diese Chain wird nicht unterstützt.',
    'That token could not be found on the chosen chain. Check the symbol or contract address.':
      'Dieser Token wurde auf der gewählten Chain nicht gefunden. Prüfen Sie das Symbol oder die Vertragsadresse.',
    'No venue can swap this pair at this size right now. A smaller amount or another pair may work.':
      'Derzeit kann kein Handelsplatz dieses Paar in dieser Größe tauschen. Ein kleinerer Betrag oder ein anderes Paar könnte funktionieren.',
    'Too many quote requests from this connection.': 'Zu viele Angebotsanfragen von dieser Verbindung.',
    'The quote service could not get a price right now. Please try again shortly.':
      'Der Angebotsdienst konnte gerade keinen Preis ermitteln. Bitte versuchen Sie es gleich noch einmal.',
    'The quote service did not recognise this request.':
      'Der Angebotsdienst hat diese Anfrage nicht erkannt.',
    'The quote service had a problem. Please try again shortly.':
      'Beim Angebotsdienst ist ein Problem aufgetreten. Bitte versuchen Sie es gleich noch einmal.',
    'The signature was not accepted.': 'Die Signatur wurde nicht akzeptiert.',
    'A payment is required for this.': 'Dafür ist eine Zahlung erforderlich.',
    'The payment was not accepted.': 'Die Zahlung wurde nicht akzeptiert.',
    'No holder pass was found for this wallet.': 'Für diese Wallet wurde kein Inhaberpass gefunden.',
    'This service is not set up for that here.': 'Dieser Dienst ist hier dafür nicht eingerichtet.',
    'The service is briefly unavailable. Please try again shortly.':
      'Der Dienst ist kurzzeitig nicht verfügbar. Bitte versuchen Sie es gleich noch einmal.',
    'The quote service cannot be reached. Check your connection.':
      'Der Angebotsdienst ist nicht erreichbar. Prüfen Sie Ihre Verbindung.',
    'Switching the wallet to the right chain': 'Wallet wird auf die richtige Chain umgestellt',
    'Wallet on the right chain': 'Wallet auf der richtigen Chain',
    'Approve the token in your wallet': 'Geben Sie den Token in Ihrer Wallet frei',
    'Approval sent, waiting for confirmation': 'Freigabe gesendet, warte auf Bestätigung',
    'Approval confirmed': 'Freigabe bestätigt',
    'Confirm the swap in your wallet': 'Bestätigen Sie den Tausch in Ihrer Wallet',
    'Swap sent, waiting for confirmation': 'Tausch gesendet, warte auf Bestätigung',
    'Swap confirmed': 'Tausch bestätigt',
    'Order details registered': 'Auftragsdetails hinterlegt',
    'Sign the order in your wallet': 'Signieren Sie den Auftrag in Ihrer Wallet',
    'Order signed': 'Auftrag signiert',
    'Order placed, waiting for solvers to fill it': 'Auftrag erteilt, warte auf Ausführung durch Solver',
    'Order filled': 'Auftrag ausgeführt',
    'Order expired unfilled': 'Auftrag ohne Ausführung abgelaufen',
    'Order cancelled': 'Auftrag storniert',
    'Send the deposit below': 'Senden Sie die Einzahlung unten',
    '{seconds} s': '{seconds} s',
    '{minutes} min {seconds} s': '{minutes} min {seconds} s',
    Sent: 'Gesendet',
    'On its way': 'Unterwegs',
    Refunded: 'Erstattet',
    Failed: 'Fehlgeschlagen',
    Delivered: 'Zugestellt',
    'Waiting for your deposit of {amount} to arrive. This can take a few minutes after you send it.':
      'Warte auf den Eingang Ihrer Einzahlung von {amount}. Das kann nach dem Senden einige Minuten dauern.',
    'Sent: waiting for the {chain} network to confirm it.':
      'Gesendet: warte auf die Bestätigung durch das {chain}-Netzwerk.',
    'On its way: the {symbol} is being delivered on {chain}.':
      'Unterwegs: {symbol} wird auf {chain} zugestellt.',
    'On its way: the swap is settling.': 'Unterwegs: Der Tausch wird abgewickelt.',
    'Delivered: {amount} reached the recipient on {chain}.':
      'Zugestellt: {amount} sind beim Empfänger auf {chain} angekommen.',
    'Delivered: {amount} reached the recipient.': 'Zugestellt: {amount} sind beim Empfänger angekommen.',
    'Delivered: at least {amount} reached the recipient on {chain}.':
      'Zugestellt: Mindestens {amount} sind beim Empfänger auf {chain} angekommen.',
    'Delivered: at least {amount} reached the recipient.':
      'Zugestellt: Mindestens {amount} sind beim Empfänger angekommen.',
    'Refunded: the swap did not go through and {amount} went back to your refund address.':
      'Erstattet: Der Tausch kam nicht zustande, {amount} gingen an Ihre Erstattungsadresse zurück.',
    'Refunded: the swap did not go through and your {symbol} went back to your refund address.':
      'Erstattet: Der Tausch kam nicht zustande, Ihre {symbol} gingen an Ihre Erstattungsadresse zurück.',
    'Failed: the swap did not go through.': 'Fehlgeschlagen: Der Tausch kam nicht zustande.',
    '{sell} for at least {buy}': '{sell} für mindestens {buy}',
    'View transaction': 'Transaktion ansehen',
    Delivery: 'Zustellung',
    'View refund': 'Erstattung ansehen',
    'View delivery': 'Zustellung ansehen',
    'You can leave this page: the widget picks this swap up again when you come back.':
      'Sie können diese Seite verlassen: Das Widget zeigt diesen Tausch wieder an, wenn Sie zurückkommen.',
    'Deposit instructions': 'Einzahlungsanweisungen',
    'This quote has expired. Do not send anything to its deposit address: get a new quote.':
      'Dieses Angebot ist abgelaufen. Senden Sie nichts an seine Einzahlungsadresse, sondern holen Sie ein neues Angebot ein.',
    'Send exactly {amount} on {chain} from your own wallet to this address with the memo attached, before the quote expires.':
      'Senden Sie genau {amount} auf {chain} aus Ihrer eigenen Wallet mit angehängtem Memo an diese Adresse, bevor das Angebot abläuft.',
    'Send exactly {amount} on {chain} from your own wallet to this address, before the quote expires.':
      'Senden Sie genau {amount} auf {chain} aus Ihrer eigenen Wallet an diese Adresse, bevor das Angebot abläuft.',
    'Time left: {time}': 'Verbleibende Zeit: {time}',
    Amount: 'Betrag',
    'Copy amount': 'Betrag kopieren',
    Address: 'Adresse',
    'Copy address': 'Adresse kopieren',
    Memo: 'Memo',
    'Copy memo': 'Memo kopieren',
    'Without the memo the deposit cannot be matched to your swap: it is refunded minus fees, or lost. A QR code holds the address and amount only, never the memo, and many wallets and exchanges send without one. Scan it only with a wallet where you paste the memo before sending.':
      'Ohne das Memo lässt sich die Einzahlung Ihrem Tausch nicht zuordnen: Sie wird abzüglich Gebühren erstattet oder geht verloren. Ein QR-Code enthält nur Adresse und Betrag, nie das Memo, und viele Wallets und Börsen senden ohne Memo. Scannen Sie ihn nur mit einer Wallet, in die Sie das Memo vor dem Senden einfügen.',
    'My wallet lets me attach the memo: show the QR code':
      'Meine Wallet kann das Memo anhängen: QR-Code anzeigen',
    'QR code of the deposit address and amount, without the memo':
      'QR-Code mit Einzahlungsadresse und Betrag, ohne Memo',
    'QR code of the deposit address and amount': 'QR-Code mit Einzahlungsadresse und Betrag',
    '{name} copied.': '{name} kopiert.',
    'Swap progress': 'Fortschritt des Tauschs',
    'order {id}': 'Auftrag {id}',
    'Working…': 'Wird ausgeführt…',
    'The transaction was sent and may still confirm: check it before you try again.':
      'Die Transaktion wurde gesendet und kann noch bestätigt werden: Prüfen Sie sie, bevor Sie es erneut versuchen.',
    'Try again': 'Erneut versuchen',
    'New quote': 'Neues Angebot',
    'Trying again': 'Neuer Versuch',
    'in {time}': 'in {time}',
    'It can be done in two steps through another chain:': 'Es geht in zwei Schritten über eine andere Chain:',
    'Swap {sell} on {sellChain} for about {buy} on {buyChain} ({venue})':
      '{sell} auf {sellChain} gegen etwa {buy} auf {buyChain} tauschen ({venue})',
    'High price impact: you receive about {percent} less than this trade is worth at the market price. A smaller amount may get a better rate.':
      'Hohe Preisauswirkung: Sie erhalten etwa {percent} weniger, als dieser Handel zum Marktpreis wert ist. Mit einem kleineren Betrag erhalten Sie vielleicht einen besseren Kurs.',
    'I accept receiving about {percent} less than this trade is worth at the market price':
      'Ich akzeptiere, etwa {percent} weniger zu erhalten, als dieser Handel zum Marktpreis wert ist',
    '{symbol} is not on the token list.': '{symbol} steht nicht auf der Token-Liste.',
    'This is not the {symbol} listed for {chain}:': 'Das ist nicht der für {chain} gelistete {symbol}:',
    'it only uses the same symbol, at another address. Tokens like this are often fakes.':
      'Er verwendet nur dasselbe Symbol, unter einer anderen Adresse. Solche Token sind oft Fälschungen.',
    'Anyone can create a token with any name. Check that this is the one you mean.':
      'Jeder kann einen Token mit beliebigem Namen erstellen. Prüfen Sie, ob es der gemeinte ist.',
    Contract: 'Vertrag',
    'See it on the block explorer': 'Im Block-Explorer ansehen',
    'I understand the risk and want to trade {symbol}': 'Ich verstehe das Risiko und möchte {symbol} handeln',
    'Done: the order was filled.': 'Fertig: Der Auftrag wurde ausgeführt.',
    'Done: the swap is confirmed.': 'Fertig: Der Tausch ist bestätigt.',
    'The swap failed.': 'Der Tausch ist fehlgeschlagen.',
    'You pay': 'Sie zahlen',
    'Amount to sell': 'Zu verkaufender Betrag',
    'Your {chain} address (refunds go here)': 'Ihre {chain}-Adresse (hierhin gehen Erstattungen)',
    'You receive': 'Sie erhalten',
    'Recipient address on {chain}': 'Empfängeradresse auf {chain}',
    Quote: 'Angebot',
    'Quotes are not available on this page yet.': 'Auf dieser Seite sind noch keine Angebote verfügbar.',
    '{action} to see a quote.': '{action}, um ein Angebot zu sehen.',
    'Getting the best quote…': 'Bestes Angebot wird eingeholt…',
    'Enter an amount': 'Betrag eingeben',
    'Correct the amount': 'Betrag korrigieren',
    'Correct your refund address': 'Erstattungsadresse korrigieren',
    'Enter your refund address': 'Erstattungsadresse eingeben',
    'Correct the recipient address': 'Empfängeradresse korrigieren',
    'Enter the recipient address': 'Empfängeradresse eingeben',
    'Choose the tokens': 'Token auswählen',
    'Quote expires in {time}': 'Angebot läuft ab in {time}',
    'Quote expired; refreshing…': 'Angebot abgelaufen, wird aktualisiert…',
    'Swapping…': 'Wird getauscht…',
    'Not available on this page yet': 'Auf dieser Seite noch nicht verfügbar',
    'Insufficient {symbol} balance': '{symbol}-Guthaben reicht nicht aus',
    'Getting a quote…': 'Angebot wird eingeholt…',
    'Getting a fresh quote…': 'Neues Angebot wird eingeholt…',
    'Show deposit instructions': 'Einzahlungsanweisungen anzeigen',
    'Connect wallet to swap': 'Wallet verbinden, um zu tauschen',
    'Updating the quote…': 'Angebot wird aktualisiert…',
    'Sign order anyway': 'Auftrag trotzdem signieren',
    'Sign order': 'Auftrag signieren',
    'Swap anyway': 'Trotzdem tauschen',
    Swap: 'Tauschen',
    'Review the token warning': 'Token-Warnung prüfen',
    'Confirm the price impact': 'Preisauswirkung bestätigen',
  },
}
