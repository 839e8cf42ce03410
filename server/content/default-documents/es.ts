// The fixed documents as shipped, in Spanish. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const es: DefaultDocuments = {
  about: {
    title: 'Sobre nosotros',
    body: `Meridian es una plataforma de intercambio de activos digitales: hoy ofrece trading spot, y más adelante llegarán los contratos perpetuos, los contratos de corta duración, las suscripciones de preventa y los productos a plazo fijo.

## Cómo se forman los precios
Cada precio procede de una fuente de datos identificada por su nombre, y la aplicación indica cuál es. Cuando la fuente es simulada, todas las pantallas que muestran sus precios indican «Mercado simulado». Las liquidaciones se calculan a partir de precios de índice registrados que cualquiera puede comprobar; nadie puede elegir manualmente un precio o un resultado.

## Cómo se custodia tu dinero
Cada movimiento de dinero es un asiento cuadrado en un libro mayor de partida doble, registrado junto con el cambio que lo originó. Un saldo nunca baja de cero, y una solicitud que mueve dinero se ejecuta como máximo una vez, por muchas veces que se envíe.

## Cómo contactarnos
Puedes acceder a la atención al cliente desde el menú, en «Atención al cliente».`,
  },
  msb: {
    title: 'Licencias y registro',
    body: `Esta página enumera los registros y las licencias de la empresa que opera esta plataforma, con la autoridad correspondiente y el número de registro de cada uno.

El operador aún no ha publicado ninguno. Hasta que lo haga, esta plataforma no declara ningún registro ni licencia.`,
  },
  sec: {
    title: 'Seguridad',
    body: `## Tu cuenta
- Las contraseñas se almacenan únicamente como hashes unidireccionales con sal (argon2id); nadie puede leerlas, ni siquiera nuestro personal.
- Una sesión termina cuando cierras sesión, tras un periodo sin uso y tras una duración fija (siete y treinta días, respectivamente, salvo que el operador fije plazos más cortos). Cambiar o restablecer tu contraseña cierra tus demás sesiones.
- Cinco contraseñas incorrectas en quince minutos bloquean la cuenta durante un tiempo, y lo mismo ocurre con cinco contraseñas de operaciones incorrectas.

## Retiros
- Un retiro requiere tu contraseña de operaciones, que es distinta de tu contraseña de inicio de sesión.
- Antes de cualquier envío, se comprueba que las direcciones de retiro correspondan a su blockchain.
- El importe y la comisión quedan congelados, y un operador revisa cada retiro antes de que se envíe a la blockchain. Puedes cancelarlo mientras esté en espera.

## Lo que puedes hacer
- Establece una contraseña de operaciones que no uses en ningún otro sitio.
- Comprueba la dirección antes de confirmar un retiro.
- Nunca te pedimos tu contraseña ni un código de verificación por correo electrónico, mensaje o teléfono.`,
  },
};
