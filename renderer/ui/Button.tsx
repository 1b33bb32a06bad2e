import type { ButtonHTMLAttributes, Ref } from 'react';
import './ui.css';

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';
type ButtonSize = 'normal' | 'small';

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** A submit button is the form's primary action unless it says otherwise. */
  readonly type?: 'button' | 'submit' | undefined;
  readonly variant?: ButtonVariant | undefined;
  readonly size?: ButtonSize | undefined;
  readonly ref?: Ref<HTMLButtonElement> | undefined;
}

/**
 * The one button of the window (issue 25 §2): its look is `.ui-button` with a variant and a size, so every view's
 * buttons share it; a view's own class only places it.
 */
export function Button({ type = 'button', variant, size = 'normal', className, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={className === undefined ? 'ui-button' : `ui-button ${className}`}
      data-variant={variant ?? (type === 'submit' ? 'primary' : 'secondary')}
      data-size={size}
      {...rest}
    />
  );
}
