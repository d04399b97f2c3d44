// Quay cranes are bookable equipment too; until now the only crane type was the mobile harbour crane.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table cargo_handling_equipments drop constraint cargo_handling_equipments_equipment_type_check;
    alter table cargo_handling_equipments add constraint cargo_handling_equipments_equipment_type_check check (equipment_type in
      ('Ship-to-shore crane', 'Mobile harbour crane', 'Reach stacker', 'Straddle carrier', 'Terminal tractor', 'Forklift', 'Empty container handler'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update cargo_handling_equipments set equipment_type = 'Mobile harbour crane' where equipment_type = 'Ship-to-shore crane';
    alter table cargo_handling_equipments drop constraint cargo_handling_equipments_equipment_type_check;
    alter table cargo_handling_equipments add constraint cargo_handling_equipments_equipment_type_check check (equipment_type in
      ('Mobile harbour crane', 'Reach stacker', 'Straddle carrier', 'Terminal tractor', 'Forklift', 'Empty container handler'));
  `.execute(db);
}
