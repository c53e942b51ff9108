import { defineCatalog } from '../parts/defineCatalog'

/**
 * Spanish. Keys are the English messages (see `parts/translate.ts`); `translate.test.ts` keeps this
 * complete. The build ships only the translations, each under an id of its English (`defineCatalog`).
 */
export const catalog = defineCatalog({
  dir: 'ltr',
  messages: {
    Settings: 'Ajustes',
    History: 'Historial',
    'This swap was interrupted: the widget was removed from the page while it ran.':
      'Este intercambio se interrumpió: el widget se quitó de la página mientras estaba en curso.',
    'No route for this pair': 'No hay ruta para este par',
    'Token not found': 'Token no encontrado',
    'This pair cannot be swapped': 'Este par no se puede intercambiar',
    'Check the amount and addresses': 'Revisa el importe y las direcciones',
    'Too many requests': 'Demasiadas solicitudes',
    'Service unavailable': 'Servicio no disponible',
    '{problem}, retrying in {seconds} s': '{problem}, se reintenta en {seconds} s',
    'Something in this request is not valid. Check the amount, tokens and addresses.':
      'Algo en esta solicitud no es válido. Revisa el importe, los tokens y las direcciones.',
    'These two assets cannot be swapped with each other here.':
      'Estos dos activos no se pueden intercambiar entre sí aquí.',
    'That chain is not supported.': 'Esa red no es compatible.',
    'That token could not be found on the chosen chain. Check the symbol or contract address.':
      'No se encontró ese token en la red elegida. Revisa el símbolo o la dirección del contrato.',
    'No venue can swap this pair at this size right now. Another amount or pair may work.':
      'Ahora mismo ningún mercado puede intercambiar este par por este importe. Puede funcionar otro importe u otro par.',
    'Too many quote requests from this connection.':
      'Demasiadas solicitudes de cotización desde esta conexión.',
    'The quote service could not get a price right now. Please try again shortly.':
      'El servicio de cotizaciones no pudo obtener un precio ahora. Vuelve a intentarlo en breve.',
    'The quote service did not recognise this request.':
      'El servicio de cotizaciones no reconoció esta solicitud.',
    'The quote service had a problem. Please try again shortly.':
      'El servicio de cotizaciones tuvo un problema. Vuelve a intentarlo en breve.',
    'The signature was not accepted.': 'No se aceptó la firma.',
    'A payment is required for this.': 'Para esto se requiere un pago.',
    'The payment was not accepted.': 'No se aceptó el pago.',
    'No holder pass was found for this wallet.': 'No se encontró un pase de titular para esta billetera.',
    'This service is not set up for that here.': 'Este servicio no está configurado para eso aquí.',
    'The service is briefly unavailable. Please try again shortly.':
      'El servicio no está disponible por un momento. Vuelve a intentarlo en breve.',
    'The quote service cannot be reached. Check your connection.':
      'No se puede conectar con el servicio de cotizaciones. Revisa tu conexión.',
    'Switching the wallet to the right chain': 'Cambiando la billetera a la red correcta',
    'Wallet on the right chain': 'Billetera en la red correcta',
    'Approve the token in your wallet': 'Aprueba el token en tu billetera',
    'First reset the old approval to 0 in your wallet':
      'Primero restablece a 0 la aprobación anterior en tu billetera',
    'Approval sent, waiting for confirmation': 'Aprobación enviada, esperando confirmación',
    'Approval confirmed': 'Aprobación confirmada',
    'Confirm the swap in your wallet': 'Confirma el intercambio en tu billetera',
    'Swap sent, waiting for confirmation': 'Intercambio enviado, esperando confirmación',
    'Swap confirmed': 'Intercambio confirmado',
    'Order details registered': 'Datos de la orden registrados',
    'Sign the order in your wallet': 'Firma la orden en tu billetera',
    'Order signed': 'Orden firmada',
    'Order placed, waiting for solvers to fill it': 'Orden enviada, esperando a que los solvers la ejecuten',
    'Order filled': 'Orden ejecutada',
    'Order expired unfilled': 'La orden caducó sin ejecutarse',
    'Order cancelled': 'Orden cancelada',
    'Send the deposit below': 'Envía el depósito indicado abajo',
    '{seconds} s': '{seconds} s',
    '{minutes} min {seconds} s': '{minutes} min {seconds} s',
    Sent: 'Enviado',
    'On its way': 'En camino',
    Refunded: 'Reembolsado',
    Failed: 'Fallido',
    Delivered: 'Entregado',
    'Waiting for your deposit of {amount} to arrive. This can take a few minutes after you send it.':
      'Esperando a que llegue tu depósito de {amount}. Puede tardar unos minutos después de enviarlo.',
    'Sent: waiting for the {chain} network to confirm it.':
      'Enviado: esperando a que la red {chain} lo confirme.',
    'On its way: the {symbol} is being delivered on {chain}.':
      'En camino: se están entregando los {symbol} en {chain}.',
    'On its way: the swap is settling.': 'En camino: el intercambio se está liquidando.',
    'Delivered: {amount} reached the recipient on {chain}.':
      'Entregado: {amount} llegaron al destinatario en {chain}.',
    'Delivered: {amount} reached the recipient.': 'Entregado: {amount} llegaron al destinatario.',
    'Refunded: the swap did not go through and {amount} went back to you.':
      'Reembolsado: el intercambio no se completó y {amount} volvieron a ti.',
    'Refunded: the swap did not go through and your {symbol} went back to you.':
      'Reembolsado: el intercambio no se completó y tus {symbol} volvieron a ti.',
    'Failed: the swap did not go through.': 'Fallido: el intercambio no se completó.',
    '{sell} for at least {buy}': '{sell} por al menos {buy}',
    'View transaction': 'Ver transacción',
    'View refund': 'Ver reembolso',
    'View delivery': 'Ver entrega',
    'The swap goes on without it.': 'El intercambio sigue sin él.',
    'You can leave this page: the widget picks this swap up again when you come back.':
      'Puedes salir de esta página: el widget retomará este intercambio cuando vuelvas.',
    'Deposit instructions': 'Instrucciones de depósito',
    'This quote has expired. Do not send anything to its deposit address: get a new quote.':
      'Esta cotización ha caducado. No envíes nada a su dirección de depósito: obtén una cotización nueva.',
    'Send exactly {amount} on {chain} from the address you gave to this address with the memo attached, before the quote expires.':
      'Envía exactamente {amount} en {chain} desde la dirección que indicaste a esta dirección, con el memo adjunto, antes de que caduque la cotización.',
    'Send exactly {amount} on {chain} from the address you gave to this address, before the quote expires.':
      'Envía exactamente {amount} en {chain} desde la dirección que indicaste a esta dirección antes de que caduque la cotización.',
    'Time left: {time}': 'Tiempo restante: {time}',
    Amount: 'Importe',
    'Copy amount': 'Copiar importe',
    Address: 'Dirección',
    'Copy address': 'Copiar dirección',
    Memo: 'Memo',
    'Copy memo': 'Copiar memo',
    'Without the memo the deposit cannot be matched to your swap: it is refunded minus fees, or lost. A QR code holds the address and amount only, never the memo, and many wallets and exchanges send without one. Scan it only with a wallet where you paste the memo before sending.':
      'Sin el memo, el depósito no se puede asociar a tu intercambio: se reembolsa descontando comisiones o se pierde. Un código QR solo contiene la dirección y el importe, nunca el memo, y muchas billeteras y exchanges envían sin él. Escanéalo solo con una billetera en la que pegues el memo antes de enviar.',
    'My wallet lets me attach the memo: show the QR code':
      'Mi billetera permite adjuntar el memo: mostrar el código QR',
    'QR code of the deposit address and amount, without the memo':
      'Código QR de la dirección de depósito y el importe, sin el memo',
    'QR code of the deposit address and amount': 'Código QR de la dirección de depósito y el importe',
    '{name} copied.': '{name} copiado.',
    'Swap progress': 'Progreso del intercambio',
    'order {id}': 'orden {id}',
    'Working…': 'Procesando…',
    'The transaction was sent and may still confirm: check it before you try again.':
      'La transacción se envió y aún puede confirmarse: compruébala antes de volver a intentarlo.',
    'Try again': 'Reintentar',
    'New quote': 'Nueva cotización',
    'Trying again': 'Reintentando',
    'in {time}': 'en {time}',
    'It can be done in two steps through another chain:': 'Se puede hacer en dos pasos a través de otra red:',
    'Swap {sell} on {sellChain} for about {buy} on {buyChain} ({venue})':
      'Intercambia {sell} en {sellChain} por unos {buy} en {buyChain} ({venue})',
    'High price impact: you receive about {percent} less than this trade is worth at the market price, fees and network costs included.':
      'Impacto en el precio alto: recibes alrededor de un {percent} menos de lo que vale esta operación a precio de mercado, comisiones y costes de red incluidos.',
    'I accept receiving about {percent} less than this trade is worth at the market price':
      'Acepto recibir alrededor de un {percent} menos de lo que vale esta operación a precio de mercado',
    '{symbol} is not on the token list.': '{symbol} no está en la lista de tokens.',
    'This is not the {symbol} listed for {chain}:': 'Este no es el {symbol} listado para {chain}:',
    'its symbol only looks the same, at another address. Tokens like this are often fakes.':
      'su símbolo solo se ve igual, en otra dirección. Los tokens así suelen ser falsos.',
    'Anyone can create a token with any name. Check that this is the one you mean.':
      'Cualquiera puede crear un token con cualquier nombre. Comprueba que es el que buscas.',
    Contract: 'Contrato',
    'See it on the block explorer': 'Verlo en el explorador de bloques',
    'I understand the risk and want to trade {symbol}': 'Entiendo el riesgo y quiero operar con {symbol}',
    'Done: the order was filled.': 'Listo: la orden se ejecutó.',
    'Done: the swap is confirmed.': 'Listo: el intercambio está confirmado.',
    'The swap failed.': 'El intercambio falló.',
    'You pay': 'Pagas',
    'Amount to sell': 'Importe a vender',
    'The {chain} address you send from': 'La dirección de {chain} desde la que envías',
    'You receive': 'Recibes',
    'Recipient address on {chain}': 'Dirección del destinatario en {chain}',
    Quote: 'Cotización',
    'Quotes are not available on this page yet.': 'Las cotizaciones aún no están disponibles en esta página.',
    '{action} to see a quote.': '{action} para ver una cotización.',
    'Getting the best quote…': 'Buscando la mejor cotización…',
    'The amount is too long.': 'El importe es demasiado largo.',
    'Enter a plain positive number, like 0.1.': 'Introduce un número positivo simple, como 0.1.',
    'This token has at most {decimals} decimal places.': 'Este token tiene como máximo {decimals} decimales.',
    'Enter an amount greater than zero.': 'Introduce un importe mayor que cero.',
    'Enter an amount': 'Introduce un importe',
    'Correct the amount': 'Corrige el importe',
    'Correct the address you send from': 'Corrige la dirección desde la que envías',
    'Enter the address you send from': 'Introduce la dirección desde la que envías',
    'Correct the recipient address': 'Corrige la dirección del destinatario',
    'Enter the recipient address': 'Introduce la dirección del destinatario',
    'Choose the tokens': 'Elige los tokens',
    'Quote expires in {time}': 'La cotización caduca en {time}',
    'Quote expired; refreshing…': 'Cotización caducada; actualizando…',
    'Swapping…': 'Intercambiando…',
    'Not available on this page yet': 'Aún no disponible en esta página',
    'Insufficient {symbol} balance': 'Saldo de {symbol} insuficiente',
    'Getting a quote…': 'Obteniendo una cotización…',
    'Getting a fresh quote…': 'Obteniendo una cotización nueva…',
    'Show deposit instructions': 'Mostrar instrucciones de depósito',
    'Connect wallet to swap': 'Conecta tu billetera para intercambiar',
    'Updating the quote…': 'Actualizando la cotización…',
    'Sign order anyway': 'Firmar la orden de todos modos',
    'Sign order': 'Firmar orden',
    'Swap anyway': 'Intercambiar de todos modos',
    Swap: 'Intercambiar',
    'Review the token warning': 'Revisa el aviso del token',
    'Confirm the price impact': 'Confirma el impacto en el precio',
    'Swap the tokens sold and bought': 'Intercambiar los tokens vendido y comprado',
    'The swap could not load, and nothing was sent. Reload the page and try again.':
      'No se pudo cargar el intercambio y no se envió nada. Recarga la página e inténtalo de nuevo.',
    'Choose the token to sell': 'Elige el token que vendes',
    'Choose the token to receive': 'Elige el token que recibes',
    Close: 'Cerrar',
    Chain: 'Red',
    'Search by name or symbol, or paste a contract address':
      'Busca por nombre o símbolo, o pega una dirección de contrato',
    'Search name or paste address': 'Busca un nombre o pega una dirección',
    'Popular tokens': 'Tokens populares',
    'Tokens on {chain}': 'Tokens en {chain}',
    'Loading tokens…': 'Cargando tokens…',
    'The token list could not be loaded.': 'No se pudo cargar la lista de tokens.',
    'No token matches. Paste a contract address to use any token.':
      'Ningún token coincide. Pega una dirección de contrato para usar cualquier token.',
    'Balances show for the chain your wallet is on.':
      'Los saldos se muestran para la red en la que está tu billetera.',
    'Reading your balances…': 'Leyendo tus saldos…',
    'Balances of {account}': 'Saldos de {account}',
    'Not on our list: anyone can make a token with any name. Check the address.':
      'No está en nuestra lista: cualquiera puede crear un token con cualquier nombre. Comprueba la dirección.',
    'The wallet list could not load. Reload the page and try again.':
      'No se pudo cargar la lista de billeteras. Recarga la página e inténtalo de nuevo.',
    'The network switch was declined in the wallet.': 'Se rechazó el cambio de red en la billetera.',
    'The wallet could not switch to {chain}.': 'La billetera no pudo cambiar a {chain}.',
    'The connection was declined in the wallet.': 'Se rechazó la conexión en la billetera.',
    'The wallet could not be connected.': 'No se pudo conectar la billetera.',
    'Write the amount as a plain number with one decimal separator and no thousands separators, like 1000.5.':
      'Escribe el importe como un número simple con un solo separador decimal y sin separadores de miles, como 1000.5.',
    'Balance {amount}': 'Saldo {amount}',
    'Max: sell the most you can, {amount}': 'Máx.: vende lo máximo posible, {amount}',
    Max: 'Máx.',
    'Keep about {amount} for the network fee.': 'Reserva unos {amount} para la comisión de red.',
    'Your swaps on this site': 'Tus intercambios en este sitio',
    'No swaps yet. Swaps you make here are listed, newest first.':
      'Aún no hay intercambios. Los que hagas aquí aparecerán en la lista, los más recientes primero.',
    'refunded {amount}': 'reembolsado: {amount}',
    refunded: 'reembolsado',
    'at least {amount}': 'al menos {amount}',
    'Waiting for the deposit': 'Esperando el depósito',
    'You receive (estimate)': 'Recibes (estimado)',
    'At least': 'Mínimo recibido',
    Rate: 'Tipo de cambio',
    'Price impact': 'Impacto en el precio',
    '{percent} below the market price': '{percent} por debajo del precio de mercado',
    '{percent} above the market price': '{percent} por encima del precio de mercado',
    None: 'Ninguno',
    Route: 'Ruta',
    'fees and details': 'comisiones y detalles',
    'Solvers fill this order in a batch, usually within a minute; if it is not filled by {time} it expires and your tokens stay in your wallet.':
      'Los solvers ejecutan esta orden en un lote, normalmente en menos de un minuto; si no se ejecuta antes de las {time}, caduca y tus tokens se quedan en tu billetera.',
    'Indicative price. Connect a wallet for a quote you can execute.':
      'Precio orientativo. Conecta una billetera para obtener una cotización que puedas ejecutar.',
    Chosen: 'Elegida',
    'Less after costs': 'Menos tras costes',
    'No route': 'Sin ruta',
    'Too slow': 'Demasiado lenta',
    Venue: 'Plataforma',
    'Service fee': 'Comisión del servicio',
    'Partner fee': 'Comisión del socio',
    'None on this route': 'Ninguna en esta ruta',
    'Network fee': 'Comisión de red',
    'Included in the price': 'Incluida en el precio',
    'Shown by your wallet before you confirm': 'Tu billetera la muestra antes de que confirmes',
    'Guaranteed minimum': 'Mínimo garantizado',
    'Not stated by this venue': 'No indicado por esta plataforma',
    'Expected time': 'Tiempo estimado',
    'about {seconds} s': 'unos {seconds} s',
    'about {minutes} min': 'unos {minutes} min',
    'Routes compared': 'Rutas comparadas',
    '{amount} after fees and gas': '{amount} tras comisiones y gas',
    'Won: the most left for you after fees and gas, {amount} more than {venue}.':
      'Ganadora: la que más te deja tras comisiones y gas, {amount} más que {venue}.',
    'Enter a slippage above 0% and at most 50%, for example {example}.':
      'Introduce un deslizamiento mayor que 0 % y de como máximo 50 %, por ejemplo {example}.',
    'Very low: the swap may fail if the price moves at all before it settles.':
      'Muy bajo: el intercambio puede fallar si el precio se mueve lo más mínimo antes de liquidarse.',
    'High: the swap may fill at a much worse price, and bots may take the difference.':
      'Alto: el intercambio puede ejecutarse a un precio mucho peor, y los bots pueden quedarse con la diferencia.',
    'Maximum slippage': 'Deslizamiento máximo',
    Auto: 'Automático',
    'Custom, percent': 'Personalizado, en porcentaje',
    'You receive at least the quote less {percent}, or the swap does not go through. Kept for this site.':
      'Recibes al menos la cotización menos un {percent}, o el intercambio no se realiza. Se guarda para este sitio.',
    'Auto: {percent}, as this site sets it.': 'Automático: {percent}, según lo fija este sitio.',
    'Auto: each venue’s own default (0.5% to 3%).':
      'Automático: el valor predeterminado de cada plataforma (del 0,5 % al 3 %).',
    Choose: 'Elegir',
    'on {chain}': 'en {chain}',
    'Connected: {account}': 'Conectada: {account}',
    Disconnect: 'Desconectar',
    'Connect wallet': 'Conectar billetera',
    'Your wallet is on another network. This swap runs on {chain}.':
      'Tu billetera está en otra red. Este intercambio se realiza en {chain}.',
    'Switch to {chain}': 'Cambiar a {chain}',
    'Connect a wallet': 'Conecta una billetera',
    'Confirm in {wallet}…': 'Confirma en {wallet}…',
    Cancel: 'Cancelar',
    'Detected in this browser': 'Detectadas en este navegador',
    'No browser wallet was found on this page.':
      'No se encontró ninguna billetera de navegador en esta página.',
    'Other wallets': 'Otras billeteras',
    'Connect another way': 'Conectar de otra forma',
    "Scan with your phone's wallet app, or open the link in a wallet.":
      'Escanea con la app de billetera de tu teléfono o abre el enlace en una billetera.',
    'WalletConnect QR code': 'Código QR de WalletConnect',
    'Open in a wallet app': 'Abrir en una app de billetera',
    'Copy link': 'Copiar enlace',
    '0x followed by 40 hex characters': '0x seguido de 40 caracteres hexadecimales',
    'a base58 or bech32 address': 'una dirección base58 o bech32',
    'a bech32 address': 'una dirección bech32',
    'an account name': 'un nombre de cuenta',
    'Enter an address on {chain}.': 'Introduce una dirección de {chain}.',
    'That is not a {chain} address (expected {shape}).':
      'Esa no es una dirección de {chain} (se espera {shape}).',
    'The transaction failed on chain; nothing was swapped. A fresh quote may work.':
      'La transacción falló en la red; no se intercambió nada. Una cotización nueva puede funcionar.',
    'This quote has expired: reject the request in your wallet, then get a fresh quote.':
      'Esta cotización ha caducado: rechaza la solicitud en tu billetera y luego obtén una nueva.',
    'This quote has expired; get a fresh quote.': 'Esta cotización ha caducado; obtén una nueva.',
    'The order expired unfilled; nothing was swapped.':
      'La orden caducó sin ejecutarse; no se intercambió nada.',
    'This wallet holds less than this swap sells; nothing was sent.':
      'Esta billetera tiene menos de lo que vende este intercambio; no se envió nada.',
    'The approval was declined in the wallet.': 'Se rechazó la aprobación en la billetera.',
    'The swap was declined in the wallet.': 'Se rechazó el intercambio en la billetera.',
    'The order signature was declined in the wallet.': 'Se rechazó la firma de la orden en la billetera.',
  },
})
