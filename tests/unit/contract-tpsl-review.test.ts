// The TP/SL sheet reviewed in the worker (workers/contract/tpsl-review.ts) against what it folded:
// the latest mark from the channel (newer than the position's own), the position's liquidation
// price and the market's tick and lot; problems by field with what their messages name, and the
// estimated PnL of the quantity closed, signed and formatted for the locale.
import { describe, expect, it } from 'vitest';
import { viewAt } from '../../core/projections/client-view.ts';
import { reviewTpSl } from '../../workers/contract/tpsl-review.ts';
import { ethMarket, markData, position } from '../support/contract-fixtures.ts';
import { logged, takenFrame } from '../support/events.ts';

// A 10× long of 0.1 ETH entered at 3,000.00, liquidation 2,710.85; the mark has moved to 3,030.00.
const events = [
  logged({ source: 'api', type: 'login', payload: { account: 'a@example.com', user_id: 1 } }),
  logged({ source: 'api', type: 'contract-markets', payload: { list: [ethMarket] } }),
  logged({ source: 'api', type: 'contract-positions', payload: { list: [position(1)] } }),
  takenFrame('mark.ETHUSDT', markData('3030.00')),
];
const view = viewAt(events);

describe('the TP/SL sheet in the worker', () => {
  it('judges a take-profit against the newer mark, not the entry alone', () => {
    // Above the entry but under the mark: it would fire at once.
    const under = reviewTpSl(view, 1, { tp: '3020', sl: '', quantity: '' }, 'en');
    expect(under.problems.tp?.rule).toBe('takeProfitSide');
    expect(under.problems.tp?.params.mark).toBe('3,030.00');
    expect(under.tpPnl).toBeNull();
    expect(reviewTpSl(view, 1, { tp: '3030.01', sl: '', quantity: '' }, 'en').problems).toEqual({});
  });

  it('refuses a stop-loss at or past the liquidation price, and a quantity above the position', () => {
    const review = reviewTpSl(view, 1, { tp: '', sl: '2710.85', quantity: '0.2' }, 'en');
    expect(review.problems.sl?.rule).toBe('stopLossSide');
    expect(review.problems.quantity?.rule).toBe('aboveSize');
    expect(review.problems.quantity?.params.size).toBe('0.1000');
    expect(review.closing).toBeNull();
  });

  it('estimates the PnL of the quantity it closes at each price, signed, for the locale', () => {
    const whole = reviewTpSl(view, 1, { tp: '3300', sl: '2900', quantity: '' }, 'en');
    expect(whole).toMatchObject({
      closing: '0.1000',
      whole: true,
      tpPnl: '+30.00',
      tpPnlSign: 1,
      slPnl: '-10.00',
      slPnlSign: -1,
    });
    const part = reviewTpSl(view, 1, { tp: '3300.5', sl: '', quantity: '0.05' }, 'de');
    // 0.05 × 300.5 = 15.025 USDT, shown in cents as every signed amount is, for German.
    expect(part).toMatchObject({ closing: '0,0500', whole: false, tpPnlSign: 1 });
    expect(part.tpPnl).toBe('+15,03');
  });

  it('says the whole position when the quantity typed is all of it', () => {
    expect(reviewTpSl(view, 1, { tp: '', sl: '', quantity: '0.1' }, 'en')).toMatchObject({
      whole: true,
      closing: '0.1000',
    });
    expect(reviewTpSl(view, 99, { tp: '', sl: '', quantity: '' }, 'en').closing).toBeNull();
  });
});
