// The fixed documents as shipped, in Spanish. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const es: DefaultDocuments = {
  about: {
    title: 'Sobre nosotros',
    body: `La empresa que opera esta plataforma aún no ha publicado esta página, así que todavía no dice quién la opera.

## Qué publica aquí el operador
- **La empresa**: su denominación legal, dónde está registrada y su dirección.
- **Sus licencias**: cada registro o licencia, con la autoridad y el número (véase también la página «Licencia»).
- **Cómo contactarla**: una dirección para las consultas y reclamaciones de los clientes.

Mientras tanto, la atención al cliente está en el menú, en «Atención al cliente».`,
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
