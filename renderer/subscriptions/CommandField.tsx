import { COMMAND_VARIABLES, type CommandVariableField } from '../../common/command-variables.ts';
import { t, type MessageKey } from '../../common/i18n/translate.ts';
import { TextField } from './form-fields.tsx';
import './command.css';

const VARIABLE_WORDS: Readonly<
  Record<CommandVariableField, Extract<MessageKey, `subscriptions.command.var-${string}`>>
> = {
  id: 'subscriptions.command.var-id',
  topic: 'subscriptions.command.var-topic',
  time: 'subscriptions.command.var-time',
  message: 'subscriptions.command.var-message',
  title: 'subscriptions.command.var-title',
  priority: 'subscriptions.command.var-priority',
  tags: 'subscriptions.command.var-tags',
  raw: 'subscriptions.command.var-raw',
};

interface CommandFieldProps {
  readonly id: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}

/**
 * The subscription's command (main runs it for each message: core/app/subscription-commands.ts) and what it will
 * receive: ntfy's environment variables with their aliases (common/command-variables.ts).
 */
export function CommandField({ id, value, error, onChange }: CommandFieldProps) {
  return (
    <fieldset className="editor-section">
      <legend>{t('subscriptions.command.legend')}</legend>
      <TextField
        id={id}
        name="command"
        label={t('subscriptions.command.label')}
        value={value}
        placeholder={'notify-send "$t" "$m"'}
        hint={t('subscriptions.command.hint')}
        error={error}
        onChange={onChange}
      />
      <table className="command-variables" aria-label={t('subscriptions.command.variables')}>
        <tbody>
          {COMMAND_VARIABLES.map(({ field, names }) => (
            <tr key={field}>
              <td>
                {names.map((name, index) => (
                  <span key={name}>
                    {index === 0 ? null : ' '}
                    <code>{`$${name}`}</code>
                  </span>
                ))}
              </td>
              <td>{t(VARIABLE_WORDS[field])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
