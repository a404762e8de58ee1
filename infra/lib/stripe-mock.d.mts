export function startStripeMock(options: { port: number }): Promise<{ url: string; stop(): Promise<void> }>;
