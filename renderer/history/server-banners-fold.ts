/**
 * Folding the server banners to one line (issue 25 §1, issue 33 §7): pure, so the rule is unit-tested under Node. The fold
 * holds while no new problem appears; a server that gets into trouble, or one whose trouble changes kind, unfolds
 * them again. A problem that goes away (or a server that is only reconnecting for a moment) keeps the fold.
 */
import { t } from '../../common/i18n/translate.ts';
import type { ServerHealth } from './server-health.ts';

type Troubled = Pick<ServerHealth, 'server' | 'kind'>;

/** What the user folded: one entry per banner, by server and kind of trouble. */
export function bannerSet(troubled: readonly Troubled[]): readonly string[] {
  return troubled.map((health) => `${health.kind} ${health.server}`);
}

/** Whether banners folded over `folded` stay folded now: every banner shown now was there when they were folded. */
export function staysFolded(folded: readonly string[], now: readonly string[]): boolean {
  return now.every((banner) => folded.includes(banner));
}

/**
 * What the user did with the fold: folded over these banners, unfolded, or nothing yet (`undefined`). Untouched,
 * the banners start folded when more than one server is in trouble (two banners took 147 px above the list at
 * 1280×800, issue 33 §7), and in a compact window (the same height query that compacts the chrome) even for one, so
 * five messages stay in view without a click; a lone banner in a window with room starts unfolded.
 */
export type FoldChoice = { readonly over: readonly string[] } | 'unfolded' | undefined;

/** Whether untouched banners start folded: more than one of them, or any in a compact window. */
function foldsByDefault(now: readonly string[], compact: boolean): boolean {
  return compact || now.length > 1;
}

/**
 * Whether the banners are folded now. A fold the user made ends with a new problem (staysFolded), which leaves
 * the choice to the default (foldsByDefault): the folded line then counts the new problem, and only a lone banner
 * in a window with room unfolds by itself. What the user unfolded stays unfolded.
 */
export function isFolded(choice: FoldChoice, now: readonly string[], compact: boolean): boolean {
  if (choice === 'unfolded') return false;
  if (choice === undefined) return foldsByDefault(now, compact);
  return staysFolded(choice.over, now) || foldsByDefault(now, compact);
}

const worstFirst = ['credentials', 'permission', 'error', 'unreachable'] as const;

/** The folded line: how many servers and the worst of their states ("2 servers have problems: cannot be reached"). */
export function foldedSummary(troubled: readonly Troubled[]): string {
  const worst = worstFirst.find((kind) => troubled.some((health) => health.kind === kind)) ?? 'unreachable';
  return t('history.banner.folded', { count: troubled.length, worst: t(`history.banner.worst.${worst}`) });
}
