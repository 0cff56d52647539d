import { Dec } from '@vetted/venues';
import { FLAT, applyFill, initialMargin, unrealizedPnl } from './position-math';

const d = (v: string | number) => new Dec(v);

describe('applyFill', () => {
  it('opens and averages the entry when adding', () => {
    const opened = applyFill(FLAT, d(1), d(100));
    expect(opened.position.size.toFixed()).toBe('1');
    const added = applyFill(opened.position, d(3), d(200));
    expect(added.position.size.toFixed()).toBe('4');
    expect(added.position.entryPx.toFixed()).toBe('175');
    expect(added.realized.isZero()).toBe(true);
  });

  it('realizes profit on a long reduced at a higher price, keeping the entry', () => {
    const { position, realized } = applyFill({ size: d(2), entryPx: d(100) }, d(-1), d(110));
    expect(position.size.toFixed()).toBe('1');
    expect(position.entryPx.toFixed()).toBe('100');
    expect(realized.toFixed()).toBe('10');
  });

  it('realizes a short loss and flips through zero at the fill price', () => {
    const { position, realized } = applyFill({ size: d(-1), entryPx: d(100) }, d(3), d(120));
    expect(realized.toFixed()).toBe('-20');
    expect(position.size.toFixed()).toBe('2');
    expect(position.entryPx.toFixed()).toBe('120');
  });

  it('realizes exactly what fills at few decimals built, however the averaged entry rounds', () => {
    // 100 at 0.15003 and 70 at 0.16004 cost 26.2058; closing all 170 at 0.16996 brings 28.8932.
    const opened = applyFill(FLAT, d(100), d('0.15003'));
    const added = applyFill(opened.position, d(70), d('0.16004'));
    const closed = applyFill(added.position, d(-170), d('0.16996'));
    expect(closed.realized.toFixed()).toBe('2.6874');
    expect(closed.position).toBe(FLAT);
    // The same for a short, and a loss.
    const short = applyFill(applyFill(FLAT, d(-100), d('0.15003')).position, d(-70), d('0.16004'));
    expect(applyFill(short.position, d(170), d('0.16996')).realized.toFixed()).toBe('-2.6874');
  });

  it('closes to flat', () => {
    const { position, realized } = applyFill({ size: d('0.5'), entryPx: d(100) }, d('-0.5'), d(90));
    expect(position.size.isZero()).toBe(true);
    expect(realized.toFixed()).toBe('-5');
  });
});

describe('valuation', () => {
  it('computes unrealized PnL and initial margin at the mark', () => {
    const short = { size: d(-2), entryPx: d(100) };
    expect(unrealizedPnl(short, d(90)).toFixed()).toBe('20');
    expect(initialMargin(short, d(90), 10).toFixed()).toBe('18');
  });
});
