/**
 * The one message catalog: every string a person reads in the window, the tray menu, the notifications the app writes
 * itself and the CLI's human messages. One file pair per part of the app (`<part>.en.ts` and `<part>.de.ts`) so
 * that parts are edited apart; keys start with the part's name. English is the source: its literal types give each
 * key's placeholders, and German must have every key (see message.ts).
 */
import { appDe } from './app.de.ts';
import { appEn } from './app.en.ts';
import { cliDe } from './cli.de.ts';
import { cliEn } from './cli.en.ts';
import { commonDe } from './common.de.ts';
import { commonEn } from './common.en.ts';
import { coreDe } from './core.de.ts';
import { coreEn } from './core.en.ts';
import { detailDe } from './detail.de.ts';
import { detailEn } from './detail.en.ts';
import { historyDe } from './history.de.ts';
import { historyEn } from './history.en.ts';
import type { MessageTable, Translation } from './message.ts';
import { rulesDe } from './rules.de.ts';
import { rulesEn } from './rules.en.ts';
import { settingsDe } from './settings.de.ts';
import { settingsEn } from './settings.en.ts';
import { subscriptionsDe } from './subscriptions.de.ts';
import { subscriptionsEn } from './subscriptions.en.ts';
import { systemDe } from './system.de.ts';
import { systemEn } from './system.en.ts';

export const en = {
  ...commonEn,
  ...historyEn,
  ...detailEn,
  ...subscriptionsEn,
  ...settingsEn,
  ...appEn,
  ...rulesEn,
  ...coreEn,
  ...systemEn,
  ...cliEn,
} as const satisfies MessageTable;

export type English = typeof en;
export type MessageKey = keyof English;

const de: Translation<English> = {
  ...commonDe,
  ...historyDe,
  ...detailDe,
  ...subscriptionsDe,
  ...settingsDe,
  ...appDe,
  ...rulesDe,
  ...coreDe,
  ...systemDe,
  ...cliDe,
};

/** The languages shipped, by their BCP 47 language subtag. */
export const catalogs: Readonly<Record<'en' | 'de', Translation<English>>> = { en, de };
