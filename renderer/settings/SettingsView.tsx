import type { BridgeApi } from '../../preload/contract.ts';

export interface SettingsViewProps {
  readonly api: BridgeApi;
}

/** Placeholder until the settings view lands. */
export function SettingsView({ api }: SettingsViewProps) {
  void api;
  return (
    <main className="settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
    </main>
  );
}
