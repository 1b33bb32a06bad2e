import { useEffect, useState } from 'react';

const tickMs = 30_000;

/** The current time in milliseconds, refreshed often enough for "5 minutes ago" labels to stay true. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, tickMs);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return now;
}
