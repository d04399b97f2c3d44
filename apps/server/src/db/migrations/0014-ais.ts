// Map, AIS and arrival predictions: what AIS tells about each vessel (latest static and position data,
// and a track of positions), the predictions of each call's berth arrival, the geofence state of each call, the
// times AIS detected (applied or proposed to the planner), and the terminal's settings for all of it. Whether a
// prediction is on time uses the terminal's arrival_deviation_minutes alert setting, so the map and the alerts agree.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ais_vessels (
      mmsi text primary key,
      imo_number text,
      name text,
      call_sign text,
      ship_type integer,
      length_m numeric,
      beam_m numeric,
      draught_m numeric,
      destination text,
      reported_eta timestamptz,
      static_received_at timestamptz,
      latitude double precision,
      longitude double precision,
      speed_knots real,
      course_deg real,
      heading_deg real,
      nav_status smallint,
      position_received_at timestamptz,
      updated_at timestamptz not null default now(),
      -- vessel-record fields (length_overall_m, beam_m, call_sign) that AIS filled because the record lacked them
      filled_fields text[] not null default '{}'
    );
    create index ais_vessels_imo on ais_vessels (imo_number);

    create table ais_positions (
      id bigserial primary key,
      mmsi text not null,
      received_at timestamptz not null,
      latitude double precision not null,
      longitude double precision not null,
      speed_knots real,
      course_deg real,
      heading_deg real,
      nav_status smallint
    );
    create index ais_positions_mmsi_time on ais_positions (mmsi, received_at);
    create index ais_positions_time on ais_positions (received_at);

    create table portcall_predictions (
      portcall_id integer not null references portcalls(id) on delete cascade,
      source text not null check (source in ('ais', 'portcast')),
      predicted_time timestamptz not null,
      distance_nm numeric,
      speed_knots numeric,
      pilotage_minutes integer,
      position_received_at timestamptz,
      last_fetched_at timestamptz not null,
      primary key (portcall_id, source)
    );

    create table ais_call_tracking (
      portcall_id integer primary key references portcalls(id) on delete cascade,
      phase text not null default 'approaching' check (phase in ('approaching', 'at_pilot_boarding_place', 'in_berth', 'moored', 'departed')),
      pilot_boarding_place_entered_at timestamptz,
      berth_entered_at timestamptz,
      slow_since timestamptz,
      moored_at timestamptz,
      departed_at timestamptz,
      updated_at timestamptz not null default now(),
      last_position_at timestamptz,
      last_latitude double precision,
      last_longitude double precision,
      last_inside_at timestamptz,
      outside_count integer not null default 0
    );

    create table ais_detections (
      id serial primary key,
      portcall_id integer not null references portcalls(id) on delete cascade,
      time_type text not null check (time_type in ('pilot_boarding_place_arrival', 'berth_arrival', 'berth_departure')),
      date_time timestamptz not null,
      source text not null,
      status text not null check (status in ('applied', 'proposed', 'dismissed', 'kept_manual')),
      detected_at timestamptz not null,
      decided_by integer references portal_users(id) on delete set null,
      decided_at timestamptz,
      unique (portcall_id, time_type)
    );

    alter table terminals add column quay_origin_latitude double precision;
    alter table terminals add column quay_origin_longitude double precision;
    alter table terminals add column quay_bearing_deg double precision;
    alter table terminals add column quay_water_side text not null default 'right' check (quay_water_side in ('left', 'right'));
    alter table terminals add column preferred_prediction_source text not null default 'ais' check (preferred_prediction_source in ('ais', 'portcast'));
    alter table terminals add column ais_actuals_mode text not null default 'propose' check (ais_actuals_mode in ('apply', 'propose'));
    alter table terminals add column ais_settings_version integer not null default 1;
    alter table pilot_boarding_places add column geofence_radius_m integer not null default 2000 check (geofence_radius_m between 100 and 50000);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table pilot_boarding_places drop column geofence_radius_m;
    alter table terminals drop column ais_settings_version;
    alter table terminals drop column ais_actuals_mode;
    alter table terminals drop column preferred_prediction_source;
    alter table terminals drop column quay_water_side;
    alter table terminals drop column quay_bearing_deg;
    alter table terminals drop column quay_origin_longitude;
    alter table terminals drop column quay_origin_latitude;
    drop table ais_detections;
    drop table ais_call_tracking;
    drop table portcall_predictions;
    drop table ais_positions;
    drop table ais_vessels;
  `.execute(db);
}
