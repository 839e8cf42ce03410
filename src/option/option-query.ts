// The second contract's addresses: its market list and a market's trade page
// (`/pages/option/trade?symbol=BTCUSDT`, the default market when the link names none).
import { parseSymbol } from '../market/market-query.ts';

export const optionListPath = '/pages/option/index';
export const optionTradePath = '/pages/option/trade';

export const parseOptionSymbol = parseSymbol;
