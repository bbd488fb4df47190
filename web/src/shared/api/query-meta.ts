declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Polling in the background: no progress bar, no toast on failure (the session refresh). */
      background?: boolean;
      /** The screen shows this query's failure itself: no toast. */
      silent?: boolean;
    };
    mutationMeta: {
      /** Polling-like work that should not show the progress bar. */
      background?: boolean;
    };
  }
}

export {};
