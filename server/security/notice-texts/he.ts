// Security notices in Hebrew. Placeholders in braces are filled in by notices.ts.
import type { NoticeLanguage } from './types.ts';

const notYou = 'אם לא אתה ביצעת זאת, שנה את הסיסמה שלך מיד ופנה לתמיכה.';
const paused = 'משיכות מושהות לזמן מה.';

export const he: NoticeLanguage = {
  kinds: {
    new_device_login: {
      subject: '{brand}: כניסה ממכשיר חדש',
      mail: `בוצעה כניסה לחשבון {brand} שלך {account} ממכשיר חדש ב-{at}: {device}, כתובת {ip}. ${notYou}`,
      sms: '{brand}: כניסה ממכשיר חדש ({device}, {ip}).',
    },
    password_changed: {
      subject: '{brand}: סיסמת הכניסה שלך שונתה',
      mail: `סיסמת הכניסה של חשבון {brand} שלך {account} שונתה ב-{at}. מכשירים אחרים נותקו. ${paused} ${notYou}`,
      sms: '{brand}: סיסמת הכניסה שלך שונתה.',
    },
    trade_password_changed: {
      subject: '{brand}: סיסמת המסחר שלך שונתה',
      mail: `סיסמת המסחר של חשבון {brand} שלך {account} שונתה ב-{at}. ${paused} ${notYou}`,
      sms: '{brand}: סיסמת המסחר שלך שונתה.',
    },
    totp_bound: {
      subject: '{brand}: אפליקציית האימות הופעלה',
      mail: `אפליקציית אימות קושרה לחשבון {brand} שלך {account} ב-{at}. ${notYou}`,
      sms: '{brand}: אפליקציית אימות קושרה לחשבון שלך.',
    },
    totp_unbound: {
      subject: '{brand}: אפליקציית האימות בוטלה',
      mail: `אפליקציית האימות של חשבון {brand} שלך {account} נותקה ב-{at}. ${paused} ${notYou}`,
      sms: '{brand}: אפליקציית האימות שלך נותקה.',
    },
    passkey_added: {
      subject: '{brand}: מפתח גישה נוסף',
      mail: `מפתח גישה בשם "{name}" נוסף לחשבון {brand} שלך {account} ב-{at}. ${notYou}`,
      sms: '{brand}: מפתח הגישה "{name}" נוסף.',
    },
    passkey_removed: {
      subject: '{brand}: מפתח גישה הוסר',
      mail: `מפתח הגישה בשם "{name}" הוסר מחשבון {brand} שלך {account} ב-{at}. ${paused} ${notYou}`,
      sms: '{brand}: מפתח הגישה "{name}" הוסר.',
    },
    api_key_created: {
      subject: '{brand}: נוצר מפתח API',
      mail: `מפתח API בשם "{name}" נוצר בחשבון {brand} שלך {account} ב-{at}. ${notYou}`,
      sms: '{brand}: מפתח ה-API "{name}" נוצר.',
    },
    api_key_deleted: {
      subject: '{brand}: מפתח API נמחק',
      mail: 'מפתח ה-API בשם "{name}" נמחק מחשבון {brand} שלך {account} ב-{at}: תוכנות שמשתמשות בו לא יוכלו עוד לפנות.',
      sms: '{brand}: מפתח ה-API "{name}" נמחק.',
    },
    phone_bound: {
      subject: '{brand}: מספר הטלפון שונה',
      mail: `מספר הטלפון {phone} קושר לחשבון {brand} שלך {account} ב-{at}. ${paused} ${notYou}`,
      sms: '{brand}: הטלפון {phone} קושר לחשבון שלך.',
    },
    address_added: {
      subject: '{brand}: כתובת משיכה חדשה',
      mail: `כתובת משיכה של {asset} ברשת {chain} נוספה לחשבון {brand} שלך {account}: {address}. היא תוכל לקבל משיכות החל מ-{usableFrom}. ${notYou}`,
      sms: '{brand}: כתובת משיכה חדשה של {asset}: {address}.',
    },
    withdrawal_requested: {
      subject: '{brand}: התבקשה משיכה',
      mail: `התבקשה משיכה של {amount} {asset} אל {address} מחשבון {brand} שלך {account} ב-{at}. ${notYou}`,
      sms: '{brand}: התבקשה משיכה של {amount} {asset}.',
    },
    recovery_code_used: {
      subject: '{brand}: נעשה שימוש בקוד שחזור',
      mail: `נעשה שימוש בקוד שחזור של חשבון {brand} שלך {account} ב-{at}; נותרו {left}. ${paused} ${notYou}`,
      sms: '{brand}: נעשה שימוש בקוד שחזור; נותרו {left}.',
    },
    anti_phishing_set: {
      subject: '{brand}: קוד אנטי-פישינג הוגדר',
      mail: `קוד האנטי-פישינג של חשבון {brand} שלך {account} הוגדר ב-{at}. כל דואר מ-{brand} יכלול אותו מעתה; דואר בלעדיו אינו מאיתנו. ${notYou}`,
      sms: '{brand}: קוד האנטי-פישינג שלך הוגדר.',
    },
    whitelist_disabled: {
      subject: '{brand}: מצב רשימה לבנה כובה',
      mail: `מצב הרשימה הלבנה של חשבון {brand} שלך {account} כובה ב-{at}: משיכות יכולות להישלח לכל כתובת. ${paused} ${notYou}`,
      sms: '{brand}: מצב הרשימה הלבנה כובה.',
    },
    login_guesses_blocked: {
      subject: '{brand}: הוזנו סיסמאות שגויות לחשבון שלך',
      mail: 'נדחו {refused} סיסמאות כניסה שגויות לחשבון {brand} שלך {account} בתוך {minutes} דקות. עד {until} הכניסות חסומות, מלבד מרשתות שכבר נכנסת מהן; מכשירים מחוברים נשארים מחוברים. הסיסמה שלך לא נחשפה. אם לא אתה ביצעת זאת, אין צורך לעשות דבר, אם כי עדיפה סיסמה חזקה שאינה בשימוש בשום מקום אחר. כדי להיכנס ממקום אחר לפני כן, אפס את הסיסמה דרך "שכחתי סיסמה": הדבר גם מסיר את החסימה.',
      sms: '{brand}: נדחו {refused} סיסמאות כניסה שגויות; כניסות מרשתות חדשות חסומות עד {until}.',
    },
    trade_guesses_blocked: {
      subject: '{brand}: הוזנו סיסמאות מסחר שגויות לחשבון שלך',
      mail: 'נדחו {refused} סיסמאות מסחר שגויות לחשבון {brand} שלך {account} בתוך {minutes} דקות, ולכן משיכות חסומות עד {until}. סיסמת המסחר שלך לא נחשפה. רק מי שמחובר לחשבון שלך יכול להזין סיסמת מסחר. אם לא אתה ביצעת זאת, שנה מיד את סיסמת הכניסה, מה שמנתק את כל המכשירים האחרים, והגדר סיסמת מסחר חדשה עם קוד שיישלח אליך: הדבר גם מסיר את החסימה.',
      sms: '{brand}: נדחו {refused} סיסמאות מסחר שגויות; משיכות חסומות עד {until}.',
    },
    totp_guesses_blocked: {
      subject: '{brand}: הוזנו קודי אימות שגויים לחשבון שלך',
      mail: 'נדחו {refused} קודי אימות או קודי שחזור שגויים לחשבון {brand} שלך {account} בתוך {minutes} דקות, ולכן קודים אינם מתקבלים עד {until}. אפליקציית האימות שלך לא נחשפה, אך מי שהזין את הקודים עשוי לדעת את הסיסמה שלך. אם לא אתה ביצעת זאת, שנה את סיסמת הכניסה באמצעות איפוס דרך "שכחתי סיסמה": הדבר מנתק את כל המכשירים ומסיר את החסימה.',
      sms: '{brand}: נדחו {refused} קודי אימות שגויים; קודים אינם מתקבלים עד {until}.',
    },
  },
};
