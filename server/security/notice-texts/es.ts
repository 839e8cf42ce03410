// Security notices in Spanish. Placeholders in braces are filled in by notices.ts.
import type { NoticeLanguage } from './types.ts';

const notYou = 'Si no has sido tú, cambia tu contraseña ahora y contacta con soporte.';
const paused = 'Los retiros quedan en pausa durante un tiempo.';

export const es: NoticeLanguage = {
  kinds: {
    new_device_login: {
      subject: '{brand}: inicio de sesión desde un dispositivo nuevo',
      mail: `Se inició sesión en tu cuenta de {brand} {account} desde un dispositivo nuevo el {at}: {device}, dirección {ip}. ${notYou}`,
      sms: '{brand}: inicio de sesión desde un dispositivo nuevo ({device}, {ip}).',
    },
    password_changed: {
      subject: '{brand}: se cambió tu contraseña de acceso',
      mail: `La contraseña de acceso de tu cuenta de {brand} {account} se cambió el {at}. Se cerró la sesión en los demás dispositivos. ${paused} ${notYou}`,
      sms: '{brand}: se cambió tu contraseña de acceso.',
    },
    trade_password_changed: {
      subject: '{brand}: se cambió tu contraseña de operaciones',
      mail: `La contraseña de operaciones de tu cuenta de {brand} {account} se cambió el {at}. ${paused} ${notYou}`,
      sms: '{brand}: se cambió tu contraseña de operaciones.',
    },
    totp_bound: {
      subject: '{brand}: aplicación de autenticación activada',
      mail: `Se vinculó una aplicación de autenticación a tu cuenta de {brand} {account} el {at}. ${notYou}`,
      sms: '{brand}: se vinculó una aplicación de autenticación a tu cuenta.',
    },
    totp_unbound: {
      subject: '{brand}: aplicación de autenticación desactivada',
      mail: `Se desvinculó la aplicación de autenticación de tu cuenta de {brand} {account} el {at}. ${paused} ${notYou}`,
      sms: '{brand}: se desvinculó tu aplicación de autenticación.',
    },
    passkey_added: {
      subject: '{brand}: llave de acceso añadida',
      mail: `Se añadió una llave de acceso llamada «{name}» a tu cuenta de {brand} {account} el {at}. ${notYou}`,
      sms: '{brand}: se añadió la llave de acceso «{name}».',
    },
    passkey_removed: {
      subject: '{brand}: llave de acceso eliminada',
      mail: `Se eliminó la llave de acceso llamada «{name}» de tu cuenta de {brand} {account} el {at}. ${paused} ${notYou}`,
      sms: '{brand}: se eliminó la llave de acceso «{name}».',
    },
    api_key_created: {
      subject: '{brand}: clave API creada',
      mail: `Se creó una clave API llamada «{name}» en tu cuenta de {brand} {account} el {at}. ${notYou}`,
      sms: '{brand}: se creó la clave API «{name}».',
    },
    api_key_deleted: {
      subject: '{brand}: clave API eliminada',
      mail: 'Se eliminó la clave API llamada «{name}» de tu cuenta de {brand} {account} el {at}: los programas que la usan ya no pueden llamar.',
      sms: '{brand}: se eliminó la clave API «{name}».',
    },
    phone_bound: {
      subject: '{brand}: número de teléfono cambiado',
      mail: `El número de teléfono {phone} se vinculó a tu cuenta de {brand} {account} el {at}. ${paused} ${notYou}`,
      sms: '{brand}: el teléfono {phone} se vinculó a tu cuenta.',
    },
    address_added: {
      subject: '{brand}: nueva dirección de retiro',
      mail: `Se añadió a tu cuenta de {brand} {account} una dirección de retiro de {asset} en {chain}: {address}. Podrá recibir retiros a partir del {usableFrom}. ${notYou}`,
      sms: '{brand}: nueva dirección de retiro de {asset} {address}.',
    },
    withdrawal_requested: {
      subject: '{brand}: retiro solicitado',
      mail: `Se solicitó un retiro de {amount} {asset} a {address} desde tu cuenta de {brand} {account} el {at}. ${notYou}`,
      sms: '{brand}: retiro de {amount} {asset} solicitado.',
    },
    recovery_code_used: {
      subject: '{brand}: código de recuperación usado',
      mail: `Se usó un código de recuperación de tu cuenta de {brand} {account} el {at}; quedan {left}. ${paused} ${notYou}`,
      sms: '{brand}: se usó un código de recuperación; quedan {left}.',
    },
    anti_phishing_set: {
      subject: '{brand}: código antiphishing establecido',
      mail: `Se estableció el código antiphishing de tu cuenta de {brand} {account} el {at}. Todos los correos de {brand} lo incluirán; un correo sin él no es nuestro. ${notYou}`,
      sms: '{brand}: se estableció tu código antiphishing.',
    },
    whitelist_disabled: {
      subject: '{brand}: modo lista blanca desactivado',
      mail: `El modo lista blanca de tu cuenta de {brand} {account} se desactivó el {at}: los retiros pueden ir a cualquier dirección. ${paused} ${notYou}`,
      sms: '{brand}: se desactivó el modo lista blanca.',
    },
    login_guesses_blocked: {
      subject: '{brand}: contraseñas incorrectas introducidas en tu cuenta',
      mail: '{brand} rechazó {refused} contraseñas de acceso incorrectas para tu cuenta {account} en {minutes} minutos. Hasta el {until}, los inicios de sesión están bloqueados salvo desde redes desde las que ya has iniciado sesión; los dispositivos con sesión iniciada la mantienen. Tu contraseña no se ha revelado. Si no has sido tú, no hace falta hacer nada, aunque lo mejor es una contraseña segura que no uses en ningún otro sitio. Para entrar desde otro lugar antes de esa hora, restablece tu contraseña con «Olvidé mi contraseña»: eso también levanta el bloqueo.',
      sms: '{brand}: se rechazaron {refused} contraseñas de acceso incorrectas; inicios de sesión desde redes nuevas bloqueados hasta el {until}.',
    },
    trade_guesses_blocked: {
      subject: '{brand}: contraseñas de operaciones incorrectas introducidas en tu cuenta',
      mail: '{brand} rechazó {refused} contraseñas de operaciones incorrectas para tu cuenta {account} en {minutes} minutos, así que los retiros están bloqueados hasta el {until}. Tu contraseña de operaciones no se ha revelado. Solo alguien con sesión iniciada en tu cuenta puede introducir una contraseña de operaciones. Si no has sido tú, cambia ya tu contraseña de acceso, lo que cierra la sesión en todos los demás dispositivos, y establece una nueva contraseña de operaciones con un código que se te envía: eso también levanta el bloqueo.',
      sms: '{brand}: se rechazaron {refused} contraseñas de operaciones incorrectas; retiros bloqueados hasta el {until}.',
    },
    totp_guesses_blocked: {
      subject: '{brand}: códigos de autenticación incorrectos introducidos en tu cuenta',
      mail: '{brand} rechazó {refused} códigos de autenticación o de recuperación incorrectos para tu cuenta {account} en {minutes} minutos, así que no se aceptan códigos hasta el {until}. Tu aplicación de autenticación no se ha visto comprometida, pero quien introdujo los códigos puede conocer tu contraseña. Si no has sido tú, cambia tu contraseña de acceso restableciéndola con «Olvidé mi contraseña»: eso cierra la sesión en todos los dispositivos y levanta el bloqueo.',
      sms: '{brand}: se rechazaron {refused} códigos de autenticación incorrectos; no se aceptan códigos hasta el {until}.',
    },
  },
};
