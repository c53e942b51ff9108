import { defineCatalog } from '../parts/defineCatalog'

/**
 * German. Keys are the English messages (see `parts/translate.ts`); `translate.test.ts` keeps this
 * complete. The build ships only the translations, each under an id of its English (`defineCatalog`).
 */
export const catalog = defineCatalog({
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
    'No venue can swap this pair at this size right now. Another amount or pair may work.':
      'Derzeit kann kein Handelsplatz dieses Paar in dieser Größe tauschen. Ein anderer Betrag oder ein anderes Paar könnte funktionieren.',
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
    'First reset the old approval to 0 in your wallet':
      'Setzen Sie zuerst die alte Freigabe in Ihrer Wallet auf 0 zurück',
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
    'Refunded: the swap did not go through and {amount} went back to you.':
      'Erstattet: Der Tausch kam nicht zustande, {amount} gingen an Sie zurück.',
    'Refunded: the swap did not go through and your {symbol} went back to you.':
      'Erstattet: Der Tausch kam nicht zustande, Ihre {symbol} gingen an Sie zurück.',
    'Failed: the swap did not go through.': 'Fehlgeschlagen: Der Tausch kam nicht zustande.',
    '{sell} for at least {buy}': '{sell} für mindestens {buy}',
    'View transaction': 'Transaktion ansehen',
    'View refund': 'Erstattung ansehen',
    'View delivery': 'Zustellung ansehen',
    'The swap goes on without it.': 'Der Tausch läuft ohne ihn weiter.',
    'You can leave this page: the widget picks this swap up again when you come back.':
      'Sie können diese Seite verlassen: Das Widget zeigt diesen Tausch wieder an, wenn Sie zurückkommen.',
    'Deposit instructions': 'Einzahlungsanweisungen',
    'This quote has expired. Do not send anything to its deposit address: get a new quote.':
      'Dieses Angebot ist abgelaufen. Senden Sie nichts an seine Einzahlungsadresse, sondern holen Sie ein neues Angebot ein.',
    'Send exactly {amount} on {chain} from the address you gave to this address with the memo attached, before the quote expires.':
      'Senden Sie genau {amount} auf {chain} von der angegebenen Adresse mit angehängtem Memo an diese Adresse, bevor das Angebot abläuft.',
    'Send exactly {amount} on {chain} from the address you gave to this address, before the quote expires.':
      'Senden Sie genau {amount} auf {chain} von der angegebenen Adresse an diese Adresse, bevor das Angebot abläuft.',
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
    'High price impact: you receive about {percent} less than this trade is worth at the market price, fees and network costs included.':
      'Hohe Preisauswirkung: Sie erhalten etwa {percent} weniger, als dieser Handel zum Marktpreis wert ist, Gebühren und Netzwerkkosten eingerechnet.',
    'I accept receiving about {percent} less than this trade is worth at the market price':
      'Ich akzeptiere, etwa {percent} weniger zu erhalten, als dieser Handel zum Marktpreis wert ist',
    '{symbol} is not on the token list.': '{symbol} steht nicht auf der Token-Liste.',
    'This is not the {symbol} listed for {chain}:': 'Das ist nicht der für {chain} gelistete {symbol}:',
    'its symbol only looks the same, at another address. Tokens like this are often fakes.':
      'Sein Symbol sieht nur gleich aus, unter einer anderen Adresse. Solche Token sind oft Fälschungen.',
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
    'The {chain} address you send from': 'Die {chain}-Adresse, von der Sie senden',
    'You receive': 'Sie erhalten',
    'Recipient address on {chain}': 'Empfängeradresse auf {chain}',
    Quote: 'Angebot',
    'Quotes are not available on this page yet.': 'Auf dieser Seite sind noch keine Angebote verfügbar.',
    '{action} to see a quote.': '{action}, um ein Angebot zu sehen.',
    'Getting the best quote…': 'Bestes Angebot wird eingeholt…',
    'The amount is too long.': 'Der Betrag ist zu lang.',
    'Enter a plain positive number, like 0.1.': 'Geben Sie eine einfache positive Zahl ein, etwa 0.1.',
    'This token has at most {decimals} decimal places.':
      'Dieser Token hat höchstens {decimals} Nachkommastellen.',
    'Enter an amount greater than zero.': 'Geben Sie einen Betrag größer als null ein.',
    'Enter an amount': 'Betrag eingeben',
    'Correct the amount': 'Betrag korrigieren',
    'Correct the address you send from': 'Absenderadresse korrigieren',
    'Enter the address you send from': 'Absenderadresse eingeben',
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
    'Swap the tokens sold and bought': 'Verkaufte und gekaufte Token tauschen',
    'The swap could not load, and nothing was sent. Reload the page and try again.':
      'Der Tausch konnte nicht geladen werden, es wurde nichts gesendet. Laden Sie die Seite neu und versuchen Sie es erneut.',
    'Choose the token to sell': 'Token zum Verkaufen auswählen',
    'Choose the token to receive': 'Token zum Empfangen auswählen',
    Close: 'Schließen',
    Chain: 'Chain',
    'Search by name or symbol, or paste a contract address':
      'Nach Name oder Symbol suchen oder eine Vertragsadresse einfügen',
    'Search name or paste address': 'Name suchen oder Adresse einfügen',
    'Popular tokens': 'Beliebte Token',
    'Tokens on {chain}': 'Token auf {chain}',
    'Loading tokens…': 'Token werden geladen…',
    'The token list could not be loaded.': 'Die Token-Liste konnte nicht geladen werden.',
    'No token matches. Paste a contract address to use any token.':
      'Kein Token passt. Fügen Sie eine Vertragsadresse ein, um einen beliebigen Token zu verwenden.',
    'Balances show for the chain your wallet is on.':
      'Guthaben werden für die Chain angezeigt, auf der Ihre Wallet ist.',
    'Reading your balances…': 'Ihre Guthaben werden gelesen…',
    'Balances of {account}': 'Guthaben von {account}',
    'Not on our list: anyone can make a token with any name. Check the address.':
      'Nicht auf unserer Liste: Jeder kann einen Token mit beliebigem Namen erstellen. Prüfen Sie die Adresse.',
    'The wallet list could not load. Reload the page and try again.':
      'Die Wallet-Liste konnte nicht geladen werden. Laden Sie die Seite neu und versuchen Sie es erneut.',
    'The network switch was declined in the wallet.': 'Der Netzwerkwechsel wurde in der Wallet abgelehnt.',
    'The wallet could not switch to {chain}.': 'Die Wallet konnte nicht zu {chain} wechseln.',
    'The connection was declined in the wallet.': 'Die Verbindung wurde in der Wallet abgelehnt.',
    'The wallet could not be connected.': 'Die Wallet konnte nicht verbunden werden.',
    'Write the amount as a plain number with one decimal separator and no thousands separators, like 1000.5.':
      'Schreiben Sie den Betrag als einfache Zahl mit einem Dezimaltrennzeichen und ohne Tausendertrennzeichen, etwa 1000.5.',
    'Balance {amount}': 'Guthaben {amount}',
    'Max: sell the most you can, {amount}': 'Max.: so viel wie möglich verkaufen, {amount}',
    Max: 'Max.',
    'Keep about {amount} for the network fee.': 'Behalten Sie etwa {amount} für die Netzwerkgebühr.',
    'Your swaps on this site': 'Ihre Tauschvorgänge auf dieser Website',
    'No swaps yet. Swaps you make here are listed, newest first.':
      'Noch keine Tauschvorgänge. Tauschvorgänge, die Sie hier ausführen, werden hier aufgelistet, die neuesten zuerst.',
    'refunded {amount}': 'erstattet: {amount}',
    refunded: 'erstattet',
    'at least {amount}': 'mindestens {amount}',
    'Waiting for the deposit': 'Warte auf die Einzahlung',
    'You receive (estimate)': 'Sie erhalten (geschätzt)',
    'At least': 'Mindestens erhalten',
    Rate: 'Kurs',
    'Price impact': 'Preisauswirkung',
    '{percent} below the market price': '{percent} unter dem Marktpreis',
    '{percent} above the market price': '{percent} über dem Marktpreis',
    None: 'Keine',
    Route: 'Route',
    'fees and details': 'Gebühren und Details',
    'Solvers fill this order in a batch, usually within a minute; if it is not filled by {time} it expires and your tokens stay in your wallet.':
      'Solver führen diesen Auftrag in einem Batch aus, meist innerhalb einer Minute; wird er bis {time} nicht ausgeführt, läuft er ab und Ihre Token bleiben in Ihrer Wallet.',
    'Indicative price. Connect a wallet for a quote you can execute.':
      'Richtpreis. Verbinden Sie eine Wallet für ein ausführbares Angebot.',
    Chosen: 'Gewählt',
    'Less after costs': 'Weniger nach Kosten',
    'No route': 'Keine Route',
    'Too slow': 'Zu langsam',
    Venue: 'Handelsplatz',
    'Service fee': 'Servicegebühr',
    'Partner fee': 'Partnergebühr',
    'None on this route': 'Keine auf dieser Route',
    'Network fee': 'Netzwerkgebühr',
    'Included in the price': 'Im Preis enthalten',
    'Shown by your wallet before you confirm': 'Wird von Ihrer Wallet vor der Bestätigung angezeigt',
    'Guaranteed minimum': 'Garantiertes Minimum',
    'Not stated by this venue': 'Von diesem Handelsplatz nicht angegeben',
    'Expected time': 'Erwartete Dauer',
    'about {seconds} s': 'etwa {seconds} s',
    'about {minutes} min': 'etwa {minutes} min',
    'Routes compared': 'Verglichene Routen',
    '{amount} after fees and gas': '{amount} nach Gebühren und Gas',
    'Won: the most left for you after fees and gas, {amount} more than {venue}.':
      'Gewonnen: Ihnen bleibt nach Gebühren und Gas am meisten, {amount} mehr als bei {venue}.',
    'Enter a slippage above 0% and at most 50%, for example {example}.':
      'Geben Sie eine Slippage über 0 % und höchstens 50 % ein, zum Beispiel {example}.',
    'Very low: the swap may fail if the price moves at all before it settles.':
      'Sehr niedrig: Der Tausch kann fehlschlagen, wenn sich der Preis vor der Abwicklung auch nur leicht bewegt.',
    'High: the swap may fill at a much worse price, and bots may take the difference.':
      'Hoch: Der Tausch kann zu einem deutlich schlechteren Preis ausgeführt werden, und Bots können die Differenz abschöpfen.',
    'Maximum slippage': 'Maximale Slippage',
    Auto: 'Auto',
    'Custom, percent': 'Eigene, in Prozent',
    'You receive at least the quote less {percent}, or the swap does not go through. Kept for this site.':
      'Sie erhalten mindestens das Angebot abzüglich {percent}, sonst wird der Tausch nicht ausgeführt. Für diese Website gespeichert.',
    'Auto: {percent}, as this site sets it.': 'Auto: {percent}, wie von dieser Website festgelegt.',
    'Auto: each venue’s own default (0.5% to 3%).':
      'Auto: der eigene Standardwert jedes Handelsplatzes (0,5 % bis 3 %).',
    Choose: 'Auswählen',
    'on {chain}': 'auf {chain}',
    'Connected: {account}': 'Verbunden: {account}',
    Disconnect: 'Trennen',
    'Connect wallet': 'Wallet verbinden',
    'Your wallet is on another network. This swap runs on {chain}.':
      'Ihre Wallet ist in einem anderen Netzwerk. Dieser Tausch läuft auf {chain}.',
    'Switch to {chain}': 'Zu {chain} wechseln',
    'Connect a wallet': 'Wallet verbinden',
    'Confirm in {wallet}…': 'In {wallet} bestätigen…',
    Cancel: 'Abbrechen',
    'Detected in this browser': 'In diesem Browser erkannt',
    'No browser wallet was found on this page.': 'Auf dieser Seite wurde keine Browser-Wallet gefunden.',
    'Other wallets': 'Weitere Wallets',
    'Connect another way': 'Auf anderem Weg verbinden',
    "Scan with your phone's wallet app, or open the link in a wallet.":
      'Scannen Sie mit der Wallet-App Ihres Telefons oder öffnen Sie den Link in einer Wallet.',
    'WalletConnect QR code': 'WalletConnect-QR-Code',
    'Open in a wallet app': 'In einer Wallet-App öffnen',
    'Copy link': 'Link kopieren',
    '0x followed by 40 hex characters': '0x gefolgt von 40 Hex-Zeichen',
    'a base58 or bech32 address': 'eine Base58- oder Bech32-Adresse',
    'a bech32 address': 'eine Bech32-Adresse',
    'an account name': 'ein Kontoname',
    'Enter an address on {chain}.': 'Geben Sie eine Adresse auf {chain} ein.',
    'That is not a {chain} address (expected {shape}).': 'Das ist keine {chain}-Adresse (erwartet: {shape}).',
    'The transaction failed on chain; nothing was swapped. A fresh quote may work.':
      'Die Transaktion ist on-chain fehlgeschlagen; es wurde nichts getauscht. Mit einem neuen Angebot kann es klappen.',
    'This quote has expired: reject the request in your wallet, then get a fresh quote.':
      'Dieses Angebot ist abgelaufen: Lehnen Sie die Anfrage in Ihrer Wallet ab und holen Sie dann ein neues Angebot ein.',
    'This quote has expired; get a fresh quote.': 'Dieses Angebot ist abgelaufen; holen Sie ein neues ein.',
    'The order expired unfilled; nothing was swapped.':
      'Der Auftrag ist ohne Ausführung abgelaufen; es wurde nichts getauscht.',
    'This wallet holds less than this swap sells; nothing was sent.':
      'Diese Wallet hält weniger, als dieser Tausch verkauft; es wurde nichts gesendet.',
    'The approval was declined in the wallet.': 'Die Freigabe wurde in der Wallet abgelehnt.',
    'The swap was declined in the wallet.': 'Der Tausch wurde in der Wallet abgelehnt.',
    'The order signature was declined in the wallet.':
      'Die Signatur des Auftrags wurde in der Wallet abgelehnt.',
  },
})
