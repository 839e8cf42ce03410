// The AI ETF pages' addresses: the products and orders, a product's page (`?id=2`) and an order's
// early withdrawal (`?id=15`).
export const aiListPath = '/pages/ai/index';
export const aiProductPath = '/pages/ai/product';
export const aiWithdrawPath = '/pages/ai/withdraw';
