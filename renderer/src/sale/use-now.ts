import { useEffect, useState } from 'react';

/**
 * This window's clock, re-read every quarter second so elapsed times tick without drifting
 * (and a screen that waits for the bank notices when it has waited long).
 */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return now;
}
