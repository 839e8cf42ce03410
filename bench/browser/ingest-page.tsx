// The benchmark page: eight tickers on screen, fed either by the worker (as the app is built) or,
// as the baseline, by the same flood handled message by message on the UI thread.
import * as Comlink from 'comlink';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { LoggedEvent } from '../../core/event-log.ts';
import { frameEvent } from '../../core/frame-event.ts';
import { formatPrice } from '../../core/price-format.ts';
import { foldClientView, initialClientView } from '../../core/projections/client-view.ts';
import { dataFrameSchema } from '../../schemas/socket.schema.ts';
import { watchView } from '../../src/core-bridge.ts';
import type { CoreFacade } from '../../workers/facade.ts';
import { startFlood } from './flood.ts';

type Rows = [string, string][];

const params = new URL(location.href).searchParams;
const mode = params.get('mode') ?? 'worker';
const rate = Number(params.get('rate') ?? '2000');

function Table(props: { rows: Rows }) {
  return (
    <table>
      <tbody>
        {props.rows.map(([symbol, last]) => (
          <tr key={symbol}>
            <td>{symbol}</td>
            <td>{last}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WorkerFed() {
  const [rows, setRows] = useState<Rows>([]);
  useEffect(() => {
    const worker = new Worker(new URL('./ingest.worker.ts', import.meta.url), {
      type: 'module',
      name: String(rate),
    });
    const core = Comlink.wrap<CoreFacade>(worker);
    void watchView(core, 'market', (view) =>
      setRows(view.rows.map(([symbol, last]) => [symbol, last])),
    );
    return () => worker.terminate();
  }, []);
  return <Table rows={rows} />;
}

function MainThreadFed() {
  const [rows, setRows] = useState<Rows>([]);
  useEffect(() => {
    let view = initialClientView;
    let seq = 0;
    return startFlood(rate, (raw) => {
      // What the worker does with a frame, on the UI thread: parse, check, log, fold.
      const event = frameEvent(dataFrameSchema.parse(JSON.parse(raw)), {});
      if (!event) return;
      const logged: LoggedEvent = { ...event, seq: ++seq, at: Date.now() };
      view = foldClientView(view, logged);
      setRows(Object.entries(view.tickers).map(([s, t]) => [s, formatPrice(t.last)]));
    });
  }, []);
  return <Table rows={rows} />;
}

const root = document.getElementById('root');
const pages: Record<string, () => React.JSX.Element> = {
  main: MainThreadFed,
  worker: WorkerFed,
  // The same table with no flood: what the page costs by itself.
  idle: () => <Table rows={[['BTCUSDT', '60,000']]} />,
};
const Page = pages[mode] ?? WorkerFed;
if (root) createRoot(root).render(<Page />);
