interface ImportMetaEnv {
  /** Where the build put the voice-activity detector's files (vite.config.ts, decision 055). */
  readonly VITE_VAD_ASSETS: string;
}
