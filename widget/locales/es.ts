import type { Catalog } from '../parts/translate'

/** Spanish. Keys are the English messages (see `parts/translate.ts`); `translate.test.ts` keeps this complete. */
export const catalog: Catalog = {
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
    'No venue can swap this pair at this size right now. A smaller amount or another pair may work.':
      'Ahora mismo ningún mercado puede intercambiar este par por este importe. Puede funcionar un importe menor u otro par.',
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
    'Delivered: at least {amount} reached the recipient on {chain}.':
      'Entregado: al menos {amount} llegaron al destinatario en {chain}.',
    'Delivered: at least {amount} reached the recipient.':
      'Entregado: al menos {amount} llegaron al destinatario.',
    'Refunded: the swap did not go through and {amount} went back to your refund address.':
      'Reembolsado: el intercambio no se completó y {amount} volvieron a tu dirección de reembolso.',
    'Refunded: the swap did not go through and your {symbol} went back to your refund address.':
      'Reembolsado: el intercambio no se completó y tus {symbol} volvieron a tu dirección de reembolso.',
    'Failed: the swap did not go through.': 'Fallido: el intercambio no se completó.',
    '{sell} for at least {buy}': '{sell} por al menos {buy}',
    'View transaction': 'Ver transacción',
    Delivery: 'Entrega',
    'View refund': 'Ver reembolso',
    'View delivery': 'Ver entrega',
    'You can leave this page: the widget picks this swap up again when you come back.':
      'Puedes salir de esta página: el widget retomará este intercambio cuando vuelvas.',
    'Deposit instructions': 'Instrucciones de depósito',
    'This quote has expired. Do not send anything to its deposit address: get a new quote.':
      'Esta cotización ha caducado. No envíes nada a su dirección de depósito: obtén una cotización nueva.',
    'Send exactly {amount} on {chain} from your own wallet to this address with the memo attached, before the quote expires.':
      'Envía exactamente {amount} en {chain} desde tu propia billetera a esta dirección, con el memo adjunto, antes de que caduque la cotización.',
    'Send exactly {amount} on {chain} from your own wallet to this address, before the quote expires.':
      'Envía exactamente {amount} en {chain} desde tu propia billetera a esta dirección antes de que caduque la cotización.',
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
    'High price impact: you receive about {percent} less than this trade is worth at the market price. A smaller amount may get a better rate.':
      'Impacto en el precio alto: recibes alrededor de un {percent} menos de lo que vale esta operación a precio de mercado. Con un importe menor puedes obtener un mejor tipo.',
    'I accept receiving about {percent} less than this trade is worth at the market price':
      'Acepto recibir alrededor de un {percent} menos de lo que vale esta operación a precio de mercado',
    '{symbol} is not on the token list.': '{symbol} no está en la lista de tokens.',
    'This is not the {symbol} listed for {chain}:': 'Este no es el {symbol} listado para {chain}:',
    'it only uses the same symbol, at another address. Tokens like this are often fakes.':
      'solo usa el mismo símbolo, en otra dirección. Los tokens así suelen ser falsos.',
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
    'Your {chain} address (refunds go here)': 'Tu dirección de {chain} (los reembolsos llegan aquí)',
    'You receive': 'Recibes',
    'Recipient address on {chain}': 'Dirección del destinatario en {chain}',
    Quote: 'Cotización',
    'Quotes are not available on this page yet.': 'Las cotizaciones aún no están disponibles en esta página.',
    '{action} to see a quote.': '{action} para ver una cotización.',
    'Getting the best quote…': 'Buscando la mejor cotización…',
    'Enter an amount': 'Introduce un importe',
    'Correct the amount': 'Corrige el importe',
    'Correct your refund address': 'Corrige tu dirección de reembolso',
    'Enter your refund address': 'Introduce tu dirección de reembolso',
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
  },
}
