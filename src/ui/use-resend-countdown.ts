// The seconds until another code may be asked for, counting down once a second from what the
// server answered (`resend_in`), so every "send code" button waits as the server will.
import { useEffect, useState } from 'react';

export function useResendCountdown(): [secondsLeft: number, start: (seconds: number) => void] {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  return [secondsLeft, setSecondsLeft];
}
