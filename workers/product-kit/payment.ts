// Where the products bought with USDT take it from, and the page size their loaders ask for: the
// funding wallet pays, and lists are read a full server page at a time.

/** The wallet a purchase is paid from and a return paid into. */
export const fundingWallet = 'funding';
export const paymentAsset = 'USDT';

/** The largest page the server gives. */
export const fullPage = 100;
