// The name of the notice that a kept key was refused (lib/digests/key-stopped-notice.ts) among an
// address's sends (the digests' store): one per kept key, "keyStopped:<when it was kept>". Read by
// the sends list in the browser too.
export const keyStoppedSendKey = (keptAt: number): string => `keyStopped:${keptAt}`;

export const isKeyStoppedSendKey = (period: string): boolean => period.startsWith("keyStopped:");
