// Identity verification (`/pages/user/auth`), driven by the verification machine: not certified
// (the form), under review, verified, or rejected with the reason and a way to submit again.
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { verificationMachine } from '../../core/machines/verification.machine.ts';
import type { Outcome } from '../../workers/facade.ts';
import { useWorker } from '../app/services.ts';
import { useNotify } from '../app/toasts.ts';
import { useView } from '../app/use-view.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { unannounced } from '../ui/failure-toast.ts';
import { WalletFailed, WalletLoading } from '../ui/LoadStates.tsx';
import { VerificationForm } from './VerificationForm.tsx';
import { VerificationStatus } from './VerificationStatus.tsx';
import './verification.css';

export function VerificationPage() {
  const { t } = useTranslation();
  const core = useWorker();
  const toast = useNotify();
  const machine = useMemo(() => {
    /** The data of a success; otherwise says so (unless the worker already did) and fails the step. */
    const settled = async <T,>(pending: Promise<Outcome<T>>): Promise<T> => {
      const outcome = await pending.catch(() => null);
      if (outcome?.ok) return outcome.data;
      if (unannounced(outcome)) toast(t('identity.failed'), 'error');
      throw new Error('refused');
    };
    return verificationMachine.provide({
      actors: {
        load: fromPromise(() => settled(core.verificationInfo())),
        upload: fromPromise(
          async ({ input }) => (await settled(core.uploadIdImage(input.file))).url,
        ),
        submit: fromPromise(({ input }) => settled(core.submitVerification(input))),
      },
    });
  }, [core, toast, t]);
  const [snapshot, send] = useMachine(machine);
  const { info } = snapshot.context;
  // The operator's decision, pushed on the private `kyc` channel: shown without a reload. Only
  // a change of the worker's state counts: the state it held before an answer the page just had
  // (a submission's) is older than that answer.
  const pushed = useView('verification');
  const seen = useRef(pushed);
  useEffect(() => {
    if (pushed === seen.current) return;
    seen.current = pushed;
    if (pushed && info && pushed.status !== info.status) send({ type: 'TOLD', info: pushed });
  }, [pushed, info, send]);

  if (snapshot.matches('failed')) return <WalletFailed onRetry={() => send({ type: 'RELOAD' })} />;
  if (info === null || snapshot.matches('loading') || snapshot.matches('routing')) {
    return <WalletLoading />;
  }
  const editing = snapshot.matches('form') || snapshot.matches('sending');
  return (
    <div className="verification">
      <VerificationStatus
        info={info}
        {...(snapshot.matches('rejected') ? { onResubmit: () => send({ type: 'RESUBMIT' }) } : {})}
      />
      {editing && (
        <VerificationForm
          context={snapshot.context}
          sending={snapshot.matches('sending')}
          send={send}
        />
      )}
    </div>
  );
}
