// The fixed documents as shipped, in English. Operators replace them with `ops document set`.
import type { DefaultDocuments } from './types.ts';

export const en: DefaultDocuments = {
  about: {
    title: 'About us',
    body: `The company that operates this exchange has not published this page yet, so it says nothing yet about who runs it.

## What the operator publishes here
- **The company**: its legal name, where it is registered and its address.
- **Its licences**: each registration or licence, with the authority and the number (see also the licence page).
- **How to reach it**: an address for customers' questions and complaints.

Until then, customer service is in the menu, under "Customer service".`,
  },
  msb: {
    title: 'Licences and registration',
    body: `This page lists the registrations and licences of the company that operates this exchange, with the authority and the register number of each.

The operator has not published any yet. Until it does, this exchange claims no registration or licence.`,
  },
  sec: {
    title: 'Security',
    body: `## Your account
- Passwords are stored only as salted one-way hashes (argon2id); no one can read them, not even our staff.
- A session ends when you log out, after a time without use and after a fixed lifetime (seven and thirty days unless the operator sets them shorter). Changing or resetting your password ends your other sessions.
- Five wrong passwords in fifteen minutes lock the account for a while, and so do five wrong trade passwords.

## Withdrawals
- A withdrawal needs your trade password, which is separate from your login password.
- Withdrawal addresses are checked for their chain before anything is sent.
- The amount and fee are frozen, and an operator reviews each withdrawal before it goes to the chain. You may cancel it while it waits.

## What you can do
- Set a trade password that you use nowhere else.
- Check the address before you confirm a withdrawal.
- We never ask for your password or a verification code by email, message or phone.`,
  },
};
