// A club federation on one server, written straight into a PostgreSQL database the API's migrations have made:
// coaches, Elite teams, analysed sessions with their reports and transcripts, failed sessions, goals, review
// links and their comments. Every table is filled by a few set-based statements (INSERT … SELECT over
// generate_series), never row by row, so 100,000 sessions take a minute or two. Used by `npm run bench:dashboards`.

/** What the seeder needs of a PostgreSQL client (node-postgres' Client and Pool have it). */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** One stored analysis, as the worker writes a row of `session_analyses` (the API's own assessment makes them). */
export interface SeedAnalysis {
  metrics: { durationSeconds: number };
  segments: { start: number; end: number }[];
  transcriber: 'none' | 'pocketsphinx' | 'http' | 'whisper';
  transcript: unknown[] | null;
  coachingStyle: string | null;
  scores: unknown[] | null;
  rubricVersion: string | null;
}

export interface FederationOptions {
  /** The analyses the sessions' reports are copied from, in turn (at least one). */
  analyses: readonly SeedAnalysis[];
  /** Coaches in all, the featured ones included. Default 1,000. */
  coaches?: number;
  /** Analysed sessions in all, the featured coaches' included. Default 100,000. */
  sessions?: number;
  /** Elite teams, of 10 to 20 coaches each; the first has `largestTeam` coaches. Default 50. */
  teams?: number;
  /** Analysed sessions of the busiest coach (the sessions list is timed on them). Default 2,000. */
  busiestSessions?: number;
  /** Analysed sessions of the coach whose Development, Compare and overview are timed. Default 500. */
  developingSessions?: number;
  /** Coaches of the first team. Default 20. */
  largestTeam?: number;
  /** Analysed sessions of each coach of the first team. Default 200. */
  largestTeamSessionsEach?: number;
  /** Prefix of the coaches' identity ids and e-mail addresses, so a second federation can sit beside. Default "federation". */
  prefix?: string;
  /** The moment the newest session may have; sessions spread over the three years before it. Default: now. */
  until?: Date;
}

/** A coach the seeder made, to sign in as. */
export interface SeededCoach {
  id: string;
  identityId: string;
  email: string;
  /** Analysed sessions. */
  sessions: number;
}

export interface Federation {
  /** The coach with the most sessions (Coach Plus). */
  busiest: SeededCoach;
  /** A Coach Plus coach with `developingSessions` analysed sessions; `sessionIds` are four of them, newest last. */
  developing: SeededCoach & { sessionIds: string[] };
  /** The Elite Admin of the largest team, and the team. */
  teamAdmin: SeededCoach & { teamId: string; teamCoaches: number; teamSessions: number };
  /** What the database holds after the seeding, counted there. */
  counts: FederationCounts;
  /** Wall time of the seeding, seconds. */
  seconds: number;
}

export interface FederationCounts {
  coaches: number;
  sessions: number;
  analysed: number;
  teams: number;
  teamMembers: number;
  goals: number;
  reviewLinks: number;
  reviewComments: number;
}

const FIRST_NAMES = ['Sam', 'Alex', 'Jordan', 'Robin', 'Charlie', 'Jamie', 'Morgan', 'Taylor', 'Casey', 'Riley', 'Noor', 'Mia', 'Luca', 'Ines', 'Tomas'];
const LAST_NAMES = ['Keller', 'Moreau', 'Jansen', 'Rossi', 'Novak', 'Silva', 'Berg', 'Walsh', 'Costa', 'Meyer', 'Dubois', 'Olsen', 'Kowalski'];
const SQUAD = ['Sam', 'Alex', 'Noah', 'Mia', 'Leo', 'Ella', 'Finn', 'Zoe', 'Ben', 'Lily', 'Max', 'Ava', 'Tom', 'Isla', 'Jack', 'Ruby'];
/** Titles a coach gives sessions: half of them training sessions (the word the timed search looks for). */
const TITLES = [
  'U12 training: passing and receiving',
  'U14 match: second half, pressing',
  'U10 training: rondos',
  'U16 match: set pieces',
  'U12 training: finishing drills',
  'U14 friendly: building from the back',
  'U15 training: small-sided games',
  'U11 match day: team talk and warm-up',
];
/** Coaches outside teams, in turn. */
const SOLO_PLANS = ['Coach', 'Coach Plus', 'Coach', 'Free Trial', 'Pro', 'Coach Plus', 'Goalkeeping Plus'];
/** How the recordings spread over time: the three years before `until`. */
const SPAN_MINUTES = 3 * 365 * 24 * 60;
/** One session in this many is a failed analysis (no report), beside the analysed ones. */
const FAILED_EVERY = 51;

/**
 * Fills a migrated, empty database with a federation of clubs: `coaches` coaches (the busiest, the developing
 * coach, the largest team's, the other teams' and coaches on their own), `teams` Elite teams, `sessions`
 * analysed sessions (each with a report copied from one of `analyses`) plus about one failed session in fifty,
 * two goals for every coach whose plan has Development, a review link on one session in twenty with two comments
 * each. New sessions are not announced on `session_status` (the trigger is held off while they are written).
 * Ends with VACUUM ANALYZE, so the planner knows the new tables. `growFederation` adds sessions later.
 */
export async function seedFederation(db: SqlClient, options: FederationOptions): Promise<Federation> {
  const started = performance.now();
  const coaches = options.coaches ?? 1000;
  const sessions = options.sessions ?? 100_000;
  const teams = options.teams ?? 50;
  const busiestSessions = options.busiestSessions ?? 2000;
  const developingSessions = options.developingSessions ?? 500;
  const largestTeam = options.largestTeam ?? 20;
  const largestTeamSessionsEach = options.largestTeamSessionsEach ?? 200;
  const prefix = options.prefix ?? 'federation';
  const until = options.until ?? new Date();
  if (options.analyses.length === 0) throw new Error('seedFederation: give at least one analysis to copy');
  const featured = 2 + largestTeam;
  if (coaches < featured + 1) throw new Error(`seedFederation: ${coaches} coaches cannot hold the ${featured} featured ones and one more`);
  const ordinarySessions = sessions - busiestSessions - developingSessions - largestTeam * largestTeamSessionsEach;
  if (ordinarySessions < 0) throw new Error(`seedFederation: ${sessions} sessions are fewer than the featured coaches' ${sessions - ordinarySessions}`);

  await db.query('BEGIN');
  try {
    await db.query(`ALTER TABLE "coaching_sessions" DISABLE TRIGGER "coaching_sessions_notify_created_deleted"`);
    await loadAnalyses(db, options.analyses);

    // Coaches 1 and 2 are the busiest and the developing coach; 3 … 2 + largestTeam the largest team; then the
    // other teams, 10 to 20 coaches each, as far as the coaches go; the rest coach on their own.
    const sizes = Array.from({ length: teams }, (_, t) => (t === 0 ? largestTeam : 10 + ((t - 1) % 11)));
    const firstOf: number[] = [];
    let next = 3;
    for (const size of sizes) {
      if (next + size - 1 > coaches) break;
      firstOf.push(next);
      next += size;
    }
    const teamSizes = sizes.slice(0, firstOf.length);
    await db.query(
      `CREATE TEMP TABLE "seed_coaches" ON COMMIT DROP AS
       SELECT n, gen_random_uuid() AS id, t.team, t.first
         FROM generate_series(1, $1::int) n
         LEFT JOIN LATERAL (SELECT i AS team, f AS first FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS u(f, s, i)
                             WHERE n >= f AND n < f + s) t ON true`,
      [coaches, firstOf, teamSizes],
    );
    await db.query(
      `INSERT INTO "users" ("id", "identity_id", "username", "email", "plan", "elite_role", "squad", "plan_started_at", "created_at", "updated_at")
       SELECT c.id, $1 || '-coach-' || lpad(c.n::text, 4, '0'),
              ($3::text[])[1 + c.n % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (c.n / 7) % cardinality($4::text[])],
              'coach' || lpad(c.n::text, 4, '0') || '@' || $1 || '.example',
              CASE WHEN c.team IS NOT NULL THEN 'Elite' WHEN c.n <= 2 THEN 'Coach Plus' ELSE ($5::text[])[1 + c.n % cardinality($5::text[])] END,
              CASE WHEN c.team IS NULL THEN NULL WHEN c.n = c.first THEN 'Elite Admin' ELSE 'Elite Coach' END,
              to_jsonb(($6::text[])[1 + c.n % 5 : 8 + c.n % 9]),
              $2::timestamptz - interval '3 years', $2::timestamptz - interval '3 years', $2::timestamptz - interval '3 years'
         FROM "seed_coaches" c`,
      [prefix, until, FIRST_NAMES, LAST_NAMES, SOLO_PLANS, SQUAD],
    );
    await db.query(
      `INSERT INTO "teams" ("id", "name", "squad", "created_at")
       SELECT gen_random_uuid(), 'Federation club ' || lpad(i::text, 2, '0'), to_jsonb($2::text[]), $1::timestamptz - interval '3 years'
         FROM generate_series(1, $3::int) i`,
      [until, SQUAD, teamSizes.length],
    );
    await db.query(
      `INSERT INTO "team_members" ("team_id", "user_id", "role", "previous_plan", "joined_at")
       SELECT t.id, c.id, CASE WHEN c.n = c.first THEN 'Elite Admin' ELSE 'Elite Coach' END,
              CASE WHEN c.n = c.first THEN NULL ELSE 'Coach' END, $1::timestamptz - interval '3 years' + c.n * interval '1 hour'
         FROM "seed_coaches" c
         JOIN "teams" t ON t.name = 'Federation club ' || lpad(c.team::text, 2, '0')`,
      [until],
    );

    const ids = async (from: number, to: number) =>
      (await db.query(`SELECT id FROM "seed_coaches" WHERE n BETWEEN $1 AND $2 ORDER BY n`, [from, to])).rows.map((r) => r.id as string);
    const [busiestId] = await ids(1, 1);
    const [developingId] = await ids(2, 2);
    const teamIds = await ids(3, 2 + largestTeam);
    const ordinaryIds = await ids(featured + 1, coaches);
    await planSessions(db, [busiestId!], busiestSessions, 0, until);
    await planSessions(db, [developingId!], developingSessions, 0, until);
    await planSessions(db, teamIds, largestTeam * largestTeamSessionsEach, 0, until);
    await planSessions(db, ordinaryIds, ordinarySessions, 0, until);
    await writeSessions(db);

    await db.query(
      `INSERT INTO "coaching_goals" ("owner_id", "figure", "comparison", "target", "target_date", "created_at", "updated_at")
       SELECT u.id, g.figure, g.comparison, g.target, ($1::timestamptz + interval '90 days')::date, $1::timestamptz - interval '60 days', $1::timestamptz - interval '60 days'
         FROM "users" u
         JOIN "seed_coaches" c ON c.id = u.id
        CROSS JOIN (VALUES ('talkRatio', 'atMost', 0.45::float8), ('questioningShare', 'atLeast', 0.2::float8)) g(figure, comparison, target)
        WHERE u.plan IN ('Coach', 'Coach Plus', 'Elite')`,
      [until],
    );
    await db.query(`ALTER TABLE "coaching_sessions" ENABLE TRIGGER "coaching_sessions_notify_created_deleted"`);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  await db.query(
    'VACUUM (ANALYZE) "users", "teams", "team_members", "coaching_sessions", "session_analyses", "coaching_goals", "review_links", "review_comments"',
  );

  const coach = async (n: number, sessionCount: number): Promise<SeededCoach> => {
    const row = (await db.query(`SELECT id, identity_id, email FROM "users" WHERE identity_id = $1`, [`${prefix}-coach-${String(n).padStart(4, '0')}`]))
      .rows[0]!;
    return { id: row.id as string, identityId: row.identity_id as string, email: row.email as string, sessions: sessionCount };
  };
  const developing = await coach(2, developingSessions);
  const newest = await db.query(
    `SELECT s.id FROM "coaching_sessions" s WHERE s.owner_id = $1 AND s.processing_status = 'completed' ORDER BY s.created_at DESC, s.id DESC LIMIT 4`,
    [developing.id],
  );
  const admin = await coach(3, largestTeamSessionsEach);
  const team = (await db.query(`SELECT team_id FROM "team_members" WHERE user_id = $1`, [admin.id])).rows[0]!;
  return {
    busiest: await coach(1, busiestSessions),
    developing: { ...developing, sessionIds: newest.rows.map((r) => r.id as string).reverse() },
    teamAdmin: { ...admin, teamId: team.team_id as string, teamCoaches: largestTeam, teamSessions: largestTeam * largestTeamSessionsEach },
    counts: await countFederation(db),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * Adds `sessions` analysed sessions (and their failed share, review links and comments) to the coaches of a
 * federation `seedFederation` made, other than its featured ones, so the tables grow around the timed coaches.
 */
export async function growFederation(
  db: SqlClient,
  options: Pick<FederationOptions, 'analyses' | 'prefix' | 'until'> & { sessions: number; featured?: number },
): Promise<FederationCounts> {
  const prefix = options.prefix ?? 'federation';
  const featured = options.featured ?? 22;
  const owners = (
    await db.query(`SELECT id FROM "users" WHERE identity_id LIKE $1 AND substring(identity_id FROM '(\\d+)$')::int > $2 ORDER BY identity_id`, [
      `${prefix}-coach-%`,
      featured,
    ])
  ).rows.map((r) => r.id as string);
  if (owners.length === 0) throw new Error(`growFederation: no coaches of the federation "${prefix}"`);
  const already = Number((await db.query(`SELECT count(*) AS n FROM "coaching_sessions" WHERE owner_id = ANY($1::uuid[])`, [owners])).rows[0]!.n);
  await db.query('BEGIN');
  try {
    await db.query(`ALTER TABLE "coaching_sessions" DISABLE TRIGGER "coaching_sessions_notify_created_deleted"`);
    await loadAnalyses(db, options.analyses);
    await planSessions(db, owners, options.sessions, already, options.until ?? new Date());
    await writeSessions(db);
    await db.query(`ALTER TABLE "coaching_sessions" ENABLE TRIGGER "coaching_sessions_notify_created_deleted"`);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  await db.query('VACUUM (ANALYZE) "coaching_sessions", "session_analyses", "review_links", "review_comments"');
  return countFederation(db);
}

async function loadAnalyses(db: SqlClient, analyses: readonly SeedAnalysis[]): Promise<void> {
  await db.query(
    `CREATE TEMP TABLE "seed_analyses" ON COMMIT DROP AS
     SELECT (ordinality - 1)::int AS t, a->'metrics' AS metrics, a->'segments' AS segments, a->>'transcriber' AS transcriber,
            CASE WHEN jsonb_typeof(a->'transcript') = 'array' THEN a->'transcript' END AS transcript,
            a->>'coachingStyle' AS coaching_style, CASE WHEN jsonb_typeof(a->'scores') = 'array' THEN a->'scores' END AS scores,
            a->>'rubricVersion' AS rubric_version, (a->'metrics'->>'durationSeconds')::numeric AS seconds
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(a, ordinality)`,
    [JSON.stringify(analyses)],
  );
}

/**
 * Plans `analysed` analysed sessions spread over the owners in turn (session k goes to owner k mod owners), each
 * owner's spread over the three years before `until`, with one failed session after every 50 analysed ones;
 * `offset` continues a numbering already used for these owners. `writeSessions` writes what was planned.
 */
async function planSessions(db: SqlClient, owners: string[], analysed: number, offset: number, until: Date): Promise<void> {
  if (analysed <= 0 || owners.length === 0) return;
  const rows = analysed + Math.floor(analysed / (FAILED_EVERY - 1));
  const templates = Number((await db.query(`SELECT count(*) AS n FROM "seed_analyses"`)).rows[0]!.n);
  await db.query(
    `CREATE TEMP TABLE IF NOT EXISTS "seed_sessions" (id uuid, owner_id uuid, k bigint, at timestamptz, failed boolean, t int, media text) ON COMMIT DELETE ROWS`,
  );
  // Each owner's i-th session sits at a pseudo-random minute of the span (7919 is prime to the span's length).
  await db.query(
    `INSERT INTO "seed_sessions"
     SELECT gen_random_uuid(), ($1::uuid[])[1 + k % cardinality($1::uuid[])], k,
            $2::timestamptz - ((k * 7919) % $3::bigint) * interval '1 minute' - interval '2 hours',
            k % $4::bigint = $4::bigint - 1, ((k * 31 + k / 7) % $5::bigint)::int, CASE WHEN k % 5 = 0 THEN 'video' ELSE 'audio' END
       FROM generate_series($6::bigint, $6::bigint + $7::bigint - 1) k`,
    [owners, until, SPAN_MINUTES, FAILED_EVERY, templates, offset, rows],
  );
}

/**
 * Writes the planned sessions in the order they were recorded, as an installation's table fills (one coach's
 * sessions far apart in the table, between everyone else's), with their analyses, review links and comments.
 */
async function writeSessions(db: SqlClient): Promise<void> {
  await db.query(
    `INSERT INTO "coaching_sessions" ("id", "owner_id", "title", "media_type", "original_file_name", "size_bytes", "content_type", "storage_key",
                                      "processing_status", "analysis_progress", "failure_reason", "failure_retryable", "recording_seconds",
                                      "uploaded_at", "created_at", "updated_at")
     SELECT s.id, s.owner_id, ($1::text[])[1 + (s.k * 7919) % 1009 % cardinality($1::text[])],
            s.media, to_char(s.at, '"session-"YYYY-MM-DD"-"HH24MI') || CASE s.media WHEN 'video' THEN '.mp4' ELSE '.m4a' END,
            (a.seconds * CASE s.media WHEN 'video' THEN 600000 ELSE 16000 END)::bigint + 1,
            CASE s.media WHEN 'video' THEN 'video/mp4' ELSE 'audio/mp4' END, 'sessions/' || s.id || '/recording',
            CASE WHEN s.failed THEN 'failed' ELSE 'completed' END, CASE WHEN s.failed THEN 0 ELSE 100 END,
            CASE WHEN s.failed THEN 'The recording has no audio track we can read' END, NOT s.failed,
            CASE WHEN s.failed THEN NULL ELSE a.seconds END,
            s.at + interval '3 minutes', s.at, s.at + interval '9 minutes'
       FROM "seed_sessions" s JOIN "seed_analyses" a ON a.t = s.t
      ORDER BY s.at`,
    [TITLES],
  );
  await db.query(
    `INSERT INTO "session_analyses" ("session_id", "metrics", "segments", "transcriber", "transcript", "coaching_style", "scores", "rubric_version", "created_at")
     SELECT s.id, a.metrics, a.segments, a.transcriber, a.transcript, a.coaching_style, a.scores, a.rubric_version, s.at + interval '9 minutes'
       FROM "seed_sessions" s JOIN "seed_analyses" a ON a.t = s.t
      WHERE NOT s.failed
      ORDER BY s.at`,
  );
  // A review link on one analysed session in twenty (one in three of them expired, one in five revoked), each with two comments.
  await db.query(
    `INSERT INTO "review_links" ("session_id", "owner_id", "token_hash", "label", "show_media", "show_transcript", "show_scores", "allow_download",
                                 "expires_at", "revoked_at", "views", "last_used_at", "created_at", "updated_at")
     SELECT s.id, s.owner_id, sha256(convert_to(s.id::text, 'UTF8')), 'Assistant coach ' || (1 + s.k % 3), true, s.k % 2 = 0, true, s.k % 3 = 0,
            s.at + CASE WHEN s.k % 3 = 0 THEN interval '7 days' ELSE interval '4 years' END,
            CASE WHEN s.k % 5 = 0 THEN s.at + interval '2 days' END, (s.k % 7)::int, s.at + interval '1 day', s.at + interval '1 hour', s.at + interval '1 day'
       FROM "seed_sessions" s
      WHERE NOT s.failed AND s.k % 20 = 3
      ORDER BY s.at`,
  );
  await db.query(
    `INSERT INTO "review_comments" ("link_id", "session_id", "author_name", "body", "start_seconds", "end_seconds", "created_at")
     SELECT l.id, l.session_id, 'Assistant coach', c.body, c.at, c.at + 20, l.created_at + interval '1 day'
       FROM "review_links" l
       JOIN "seed_sessions" s ON s.id = l.session_id
      CROSS JOIN (VALUES ('Good question to the group here; give them a second longer to answer.', 62.5::float8),
                         ('The instruction repeats three times: once, clearly, would do.', 301::float8)) c(body, at)`,
  );
  await db.query(`TRUNCATE "seed_sessions"`);
}

async function countFederation(db: SqlClient): Promise<FederationCounts> {
  const row = (
    await db.query(`SELECT (SELECT count(*) FROM "users") AS coaches, (SELECT count(*) FROM "coaching_sessions") AS sessions,
            (SELECT count(*) FROM "session_analyses") AS analysed, (SELECT count(*) FROM "teams") AS teams,
            (SELECT count(*) FROM "team_members") AS team_members, (SELECT count(*) FROM "coaching_goals") AS goals,
            (SELECT count(*) FROM "review_links") AS review_links, (SELECT count(*) FROM "review_comments") AS review_comments`)
  ).rows[0]!;
  return {
    coaches: Number(row.coaches),
    sessions: Number(row.sessions),
    analysed: Number(row.analysed),
    teams: Number(row.teams),
    teamMembers: Number(row.team_members),
    goals: Number(row.goals),
    reviewLinks: Number(row.review_links),
    reviewComments: Number(row.review_comments),
  };
}
