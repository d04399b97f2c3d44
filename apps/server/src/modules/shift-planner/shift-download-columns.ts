// Column headers of the shift-plan and shift-report downloads in the four interface languages.
import type { TLocale } from '@quayline/domain';

export const SHIFT_PLAN_COLUMNS = [
  'date', 'shift', 'shift_start', 'shift_end', 'vessel', 'imo', 'position', 'card_start', 'card_end', 'cargo_type', 'cargo_sub_type', 'product',
  'discharge', 'load', 'restow', 'total', 'gangs', 'resource_per_shift', 'total_resources', 'equipment', 'contact_name', 'contact_phone', 'contact_mail', 'comments', 'actual_moves',
] as const;
export const SHIFT_REPORT_COLUMNS = [
  'date', 'shift', 'shift_start', 'shift_end', 'working_hours', 'closed', 'calls', 'vessels', 'gangs', 'gangs_available', 'equipment', 'planned_moves', 'actual_moves', 'planned_per_hour', 'actual_per_hour', 'actual_per_gang_hour',
] as const;
export type TShiftPlanColumn = (typeof SHIFT_PLAN_COLUMNS)[number];
export type TShiftReportColumn = (typeof SHIFT_REPORT_COLUMNS)[number];
type TColumn = TShiftPlanColumn | TShiftReportColumn | 'sheet_plan' | 'sheet_report';

const HEADERS: Record<TLocale, Record<TColumn, string>> = {
  en: {
    date: 'Date', shift: 'Shift', shift_start: 'Shift start', shift_end: 'Shift end', vessel: 'Vessel', imo: 'IMO', position: 'Position (m)', card_start: 'Work from', card_end: 'Work until',
    cargo_type: 'Cargo type', cargo_sub_type: 'Cargo sub-type', product: 'Product', discharge: 'Discharge', load: 'Load', restow: 'Restow', total: 'Total moves', gangs: 'Gangs',
    resource_per_shift: 'Resources per gang', total_resources: 'Resources in total', equipment: 'Equipment', contact_name: 'Contact person', contact_phone: 'Contact phone', contact_mail: 'Contact e-mail',
    comments: 'Comments', actual_moves: 'Actual moves', working_hours: 'Working hours', closed: 'Closed', calls: 'Port calls', vessels: 'Vessels', gangs_available: 'Gangs available',
    planned_moves: 'Planned moves', planned_per_hour: 'Planned moves per hour', actual_per_hour: 'Actual moves per hour', actual_per_gang_hour: 'Actual moves per gang hour', sheet_plan: 'Shift plan', sheet_report: 'Shift report',
  },
  de: {
    date: 'Datum', shift: 'Schicht', shift_start: 'Schichtbeginn', shift_end: 'Schichtende', vessel: 'Schiff', imo: 'IMO', position: 'Position (m)', card_start: 'Arbeit ab', card_end: 'Arbeit bis',
    cargo_type: 'Ladungsart', cargo_sub_type: 'Ladungsunterart', product: 'Produkt', discharge: 'Löschen', load: 'Laden', restow: 'Umstauen', total: 'Bewegungen gesamt', gangs: 'Gangs',
    resource_per_shift: 'Personal je Gang', total_resources: 'Personal gesamt', equipment: 'Geräte', contact_name: 'Ansprechperson', contact_phone: 'Telefon', contact_mail: 'E-Mail',
    comments: 'Bemerkungen', actual_moves: 'Ist-Bewegungen', working_hours: 'Arbeitsstunden', closed: 'Geschlossen', calls: 'Anläufe', vessels: 'Schiffe', gangs_available: 'Verfügbare Gangs',
    planned_moves: 'Geplante Bewegungen', planned_per_hour: 'Geplante Bewegungen je Stunde', actual_per_hour: 'Ist-Bewegungen je Stunde', actual_per_gang_hour: 'Ist-Bewegungen je Gangstunde', sheet_plan: 'Schichtplan', sheet_report: 'Schichtbericht',
  },
  fr: {
    date: 'Date', shift: 'Équipe', shift_start: 'Début du poste', shift_end: 'Fin du poste', vessel: 'Navire', imo: 'OMI', position: 'Position (m)', card_start: 'Travail de', card_end: 'Travail jusqu’à',
    cargo_type: 'Type de marchandise', cargo_sub_type: 'Sous-type', product: 'Produit', discharge: 'Déchargement', load: 'Chargement', restow: 'Remaniement', total: 'Mouvements au total', gangs: 'Équipes de dockers',
    resource_per_shift: 'Personnel par équipe', total_resources: 'Personnel au total', equipment: 'Engins', contact_name: 'Interlocuteur', contact_phone: 'Téléphone', contact_mail: 'Courriel',
    comments: 'Commentaires', actual_moves: 'Mouvements réels', working_hours: 'Heures travaillées', closed: 'Fermé', calls: 'Escales', vessels: 'Navires', gangs_available: 'Équipes disponibles',
    planned_moves: 'Mouvements prévus', planned_per_hour: 'Mouvements prévus par heure', actual_per_hour: 'Mouvements réels par heure', actual_per_gang_hour: 'Mouvements réels par heure d’équipe', sheet_plan: 'Plan des postes', sheet_report: 'Rapport des postes',
  },
  es: {
    date: 'Fecha', shift: 'Turno', shift_start: 'Inicio del turno', shift_end: 'Fin del turno', vessel: 'Buque', imo: 'OMI', position: 'Posición (m)', card_start: 'Trabajo desde', card_end: 'Trabajo hasta',
    cargo_type: 'Tipo de carga', cargo_sub_type: 'Subtipo de carga', product: 'Producto', discharge: 'Descarga', load: 'Carga', restow: 'Remoción', total: 'Movimientos totales', gangs: 'Manos',
    resource_per_shift: 'Personal por mano', total_resources: 'Personal total', equipment: 'Equipos', contact_name: 'Persona de contacto', contact_phone: 'Teléfono', contact_mail: 'Correo electrónico',
    comments: 'Comentarios', actual_moves: 'Movimientos reales', working_hours: 'Horas de trabajo', closed: 'Cerrado', calls: 'Escalas', vessels: 'Buques', gangs_available: 'Manos disponibles',
    planned_moves: 'Movimientos previstos', planned_per_hour: 'Movimientos previstos por hora', actual_per_hour: 'Movimientos reales por hora', actual_per_gang_hour: 'Movimientos reales por hora de mano', sheet_plan: 'Plan de turnos', sheet_report: 'Informe de turnos',
  },
};

export function shiftHeaders(locale: TLocale, columns: readonly TColumn[]): { key: string; header: string }[] {
  return columns.map((key) => ({ key, header: HEADERS[locale][key] }));
}
