import { useEffect, useState } from 'react';
import type { BridgeApi, PushAppConnectionDto, PushAppDto, PushAppsDto } from '../../common/ipc.ts';
import { t } from '../../common/i18n/translate.ts';
import { timestamp } from '../history/format.ts';
import { Badge, type BadgeStatus } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { GroupStatus, ToggleField, type FieldsetProps } from './fields.tsx';
import { useSaveGroup } from './use-save-group.ts';

/** The registered apps as main last said (listPushApps, then each pushAppsChanged). */
function usePushApps(api: BridgeApi): PushAppsDto | undefined {
  const [apps, setApps] = useState<PushAppsDto>();
  useEffect(() => {
    let live = true;
    const unsubscribe = api.onPushAppsChanged(setApps);
    void api.listPushApps().then((result) => {
      if (live && result.ok) setApps(result.value);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [api]);
  return apps;
}

const CONNECTION_TONE: Readonly<Record<PushAppConnectionDto, BadgeStatus>> = {
  connected: 'ok',
  connecting: 'idle',
  unreachable: 'warn',
  refused: 'error',
  off: 'idle',
};

function PushAppRow({ app, api }: { readonly app: PushAppDto; readonly api: BridgeApi }) {
  const [failure, setFailure] = useState<string>();
  return (
    <li className="push-app">
      <div className="push-app-head">
        <strong className="push-app-name">{app.service}</strong>
        <Badge tone={CONNECTION_TONE[app.connection]}>{t(`settings.push.connection.${app.connection}`)}</Badge>
      </div>
      {app.description === '' ? null : <p className="push-app-description">{app.description}</p>}
      <p className="field-hint">
        {t('settings.push.server', { server: app.server })}
        {' · '}
        {t('settings.push.received', { count: app.messages })}
        {' · '}
        {app.lastMessageAt === undefined
          ? t('settings.push.no-message-yet')
          : t('settings.push.last-message', { time: timestamp(app.lastMessageAt) })}
      </p>
      <Button
        size="small"
        variant="danger"
        aria-label={t('settings.push.remove-app', { app: app.service })}
        onClick={() => {
          void api.removePushApp(app.token).then((result) => {
            setFailure(result.ok ? undefined : result.error.message);
          });
        }}
      >
        {t('settings.push.remove')}
      </Button>
      {failure === undefined ? null : (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}

/**
 * The UnifiedPush distributor (issue 35 §5): its switch and the apps registered with it, each with Remove. Linux
 * only: elsewhere the group says so and offers nothing.
 */
export function PushAppsFieldset({ settings, save, api }: FieldsetProps & { readonly api: BridgeApi }) {
  const group = useSaveGroup(save);
  const pushApps = usePushApps(api);
  if (pushApps === undefined) return null;
  return (
    <fieldset className="settings-group push-apps">
      <legend>{t('settings.push.legend')}</legend>
      {!pushApps.available ? (
        <p className="field-hint">{t('settings.push.linux-only')}</p>
      ) : (
        <>
          <ToggleField
            label={t('settings.push.enabled')}
            asSwitch
            checked={settings.preferences.unifiedPushEnabled}
            error={group.errors['unifiedPushEnabled']}
            hint={t('settings.push.enabled-hint')}
            onChange={(unifiedPushEnabled) => {
              void group.run({ preferences: { unifiedPushEnabled } }, ['unifiedPushEnabled']);
            }}
          />
          <GroupStatus status={group.status} />
          <h3 className="push-apps-title">{t('settings.push.apps')}</h3>
          {pushApps.apps.length === 0 ? (
            <p className="field-hint">{t('settings.push.no-apps')}</p>
          ) : (
            <ul className="push-app-list" aria-label={t('settings.push.apps')}>
              {pushApps.apps.map((app) => (
                <PushAppRow key={app.token} app={app} api={api} />
              ))}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
