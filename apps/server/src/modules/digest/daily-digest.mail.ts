// The daily task digest mail in the recipient's language: plain text and simple HTML, counts, one line and link per call.
import { LOCALES, type TDailyTaskSummary, type TDigestGroup, type TLocale, type TTaskReason } from '@quayline/domain';
import { type TranslationTree, loadTranslations } from '../translations/translation-files';

type MailTexts = {
  subject: (total: number, date: string) => string;
  greeting: (name: string) => string;
  intro: (total: number) => string;
  groups: Record<TDigestGroup, string>;
  arrival: string;
  open: string;
  footer: string;
};

const TEXTS: Record<TLocale, MailTexts> = {
  en: {
    subject: (n, d) => `Quayline: ${n} ${n === 1 ? 'task waits' : 'tasks wait'} for you (${d})`,
    greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
    intro: (n) => `${n} port ${n === 1 ? 'call waits' : 'calls wait'} for your side today.`,
    groups: { upcoming: 'Upcoming', departed: 'Departed' },
    arrival: 'berth arrival',
    open: 'Open',
    footer: 'You get this mail because the daily task digest is on in your Quayline settings.',
  },
  de: {
    subject: (n, d) => `Quayline: ${n} ${n === 1 ? 'Aufgabe wartet' : 'Aufgaben warten'} auf Sie (${d})`,
    greeting: (n) => (n ? `Hallo ${n},` : 'Hallo,'),
    intro: (n) => `${n} ${n === 1 ? 'Anlauf wartet' : 'Anläufe warten'} heute auf Ihre Seite.`,
    groups: { upcoming: 'Anstehend', departed: 'Abgefahren' },
    arrival: 'Ankunft am Liegeplatz',
    open: 'Öffnen',
    footer: 'Sie erhalten diese E-Mail, weil die tägliche Aufgabenübersicht in Ihren Quayline-Einstellungen eingeschaltet ist.',
  },
  fr: {
    subject: (n, d) => `Quayline : ${n} ${n === 1 ? 'tâche vous attend' : 'tâches vous attendent'} (${d})`,
    greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
    intro: (n) => `${n} ${n === 1 ? 'escale attend' : 'escales attendent'} votre côté aujourd’hui.`,
    groups: { upcoming: 'À venir', departed: 'Parties' },
    arrival: 'arrivée au poste',
    open: 'Ouvrir',
    footer: 'Vous recevez ce courriel parce que le récapitulatif quotidien des tâches est activé dans vos paramètres Quayline.',
  },
  es: {
    subject: (n, d) => `Quayline: ${n} ${n === 1 ? 'tarea le espera' : 'tareas le esperan'} (${d})`,
    greeting: (n) => (n ? `Hola ${n}:` : 'Hola:'),
    intro: (n) => `${n} ${n === 1 ? 'escala espera' : 'escalas esperan'} hoy a su parte.`,
    groups: { upcoming: 'Próximas', departed: 'Salidas' },
    arrival: 'llegada al atraque',
    open: 'Abrir',
    footer: 'Recibe este correo porque el resumen diario de tareas está activado en su configuración de Quayline.',
  },
};

// The reason names are the tasks screen's own (tasks.reasons.* of the interface texts), read once.
let reasonNames: Record<TLocale, TranslationTree> | null = null;
function reasonName(locale: TLocale, reason: TTaskReason): string {
  reasonNames ??= Object.fromEntries(LOCALES.map((l) => [l, ((loadTranslations(l).tasks as TranslationTree | undefined)?.reasons ?? {}) as TranslationTree])) as Record<TLocale, TranslationTree>;
  const name = reasonNames[locale][reason];
  return typeof name === 'string' ? name : reason;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function dailyDigestMail(args: { summary: TDailyTaskSummary; firstName: string }): { subject: string; text: string; html: string } {
  const { summary } = args;
  const t = TEXTS[summary.locale];
  const lineOf = (c: TDailyTaskSummary['groups'][number]['calls'][number]) =>
    `${c.vessel_name} · ${c.terminal_name} · ${t.arrival} ${c.berth_arrival_local} (${c.terminal_time_zone}) · ${c.reasons.map((r) => reasonName(summary.locale, r)).join(', ')}`;
  const groups = summary.groups.filter((g) => g.count > 0);
  const text = [
    t.greeting(args.firstName),
    '',
    t.intro(summary.counts.total),
    ...groups.flatMap((g) => ['', `${t.groups[g.group]} (${g.count})`, ...g.calls.flatMap((c) => [`- ${lineOf(c)}`, `  ${c.link}`])]),
    '',
    t.footer,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(t.greeting(args.firstName))}</p>`,
    `<p>${escapeHtml(t.intro(summary.counts.total))}</p>`,
    ...groups.map(
      (g) =>
        `<h3>${escapeHtml(`${t.groups[g.group]} (${g.count})`)}</h3><ul>${g.calls.map((c) => `<li>${escapeHtml(lineOf(c))} <a href="${escapeHtml(c.link)}">${escapeHtml(t.open)}</a></li>`).join('')}</ul>`,
    ),
    `<p style="color:#666">${escapeHtml(t.footer)}</p>`,
  ].join('');
  return { subject: t.subject(summary.counts.total, summary.local_date), text, html };
}
