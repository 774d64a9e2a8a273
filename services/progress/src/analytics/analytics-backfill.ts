/**
 * The analytics aggregates computed in bulk from the source rows (enrolments, playback positions, lecture
 * completions, quiz attempts): what the worker's jobs reach one event at a time. The migration runs it once for the
 * records made before analytics existed; the benchmark runs it to fill the aggregates from a million generated
 * events; the integration test checks that the jobs' aggregates equal it. Run on empty aggregate tables.
 */
export const analyticsBackfillSql: readonly string[] = [
  `INSERT INTO "progress"."analytics_learner_lectures" ("user_id", "lecture_id", "course_id", "furthest_seconds", "started", "completed")
   SELECT coalesce(p."user_id", c."user_id"), coalesce(p."lecture_id", c."lecture_id"), coalesce(p."course_id", c."course_id"),
          coalesce(p."position_seconds", 0), true, c."user_id" IS NOT NULL
     FROM "progress"."playback_positions" p
     FULL JOIN "progress"."lecture_completions" c ON c."user_id" = p."user_id" AND c."lecture_id" = p."lecture_id"`,
  `INSERT INTO "progress"."analytics_learner_courses" ("user_id", "course_id", "enrolled", "lectures_started", "lectures_completed")
   SELECT coalesce(l."user_id", e."user_id"), coalesce(l."course_id", e."course_id"), e."user_id" IS NOT NULL,
          coalesce(l."started", 0), coalesce(l."completed", 0)
     FROM (SELECT "user_id", "course_id", count(*) AS "started", count(*) FILTER (WHERE "completed") AS "completed"
             FROM "progress"."analytics_learner_lectures" GROUP BY 1, 2) l
     FULL JOIN "progress"."enrolments" e ON e."user_id" = l."user_id" AND e."course_id" = l."course_id"`,
  `INSERT INTO "progress"."analytics_lectures" ("course_id", "lecture_id", "learners_started", "learners_completed", "watch_seconds")
   SELECT "course_id", "lecture_id", count(*), count(*) FILTER (WHERE "completed"), sum("furthest_seconds")
     FROM "progress"."analytics_learner_lectures" GROUP BY 1, 2`,
  `INSERT INTO "progress"."analytics_courses" ("course_id", "enrolled", "learners_started", "watch_seconds", "updated_at")
   SELECT c."course_id", c."enrolled", c."started", coalesce(w."watch_seconds", 0), now()
     FROM (SELECT "course_id", count(*) FILTER (WHERE "enrolled") AS "enrolled", count(*) FILTER (WHERE "lectures_started" > 0) AS "started"
             FROM "progress"."analytics_learner_courses" GROUP BY 1) c
     LEFT JOIN (SELECT "course_id", sum("watch_seconds") AS "watch_seconds" FROM "progress"."analytics_lectures" GROUP BY 1) w
       ON w."course_id" = c."course_id"`,
  `INSERT INTO "progress"."analytics_course_completion_counts" ("course_id", "lectures_completed", "learners")
   SELECT "course_id", "lectures_completed", count(*) FROM "progress"."analytics_learner_courses"
    WHERE "lectures_completed" > 0 GROUP BY 1, 2`,
  `INSERT INTO "progress"."analytics_quizzes" ("course_id", "quiz_id", "quiz_version", "attempts", "percent_sum")
   SELECT "course_id", "quiz_id", "quiz_version", count(*), sum("percent") FROM "progress"."quiz_attempts" GROUP BY 1, 2, 3`,
  `INSERT INTO "progress"."analytics_quiz_questions" ("course_id", "quiz_id", "quiz_version", "question_id", "answers", "correct")
   SELECT a."course_id", a."quiz_id", a."quiz_version", r->>'questionId', count(*), count(*) FILTER (WHERE (r->>'correct')::boolean)
     FROM "progress"."quiz_attempts" a, jsonb_array_elements(a."results") r GROUP BY 1, 2, 3, 4`,
  `UPDATE "progress"."quiz_attempts" SET "analytics_counted" = true WHERE NOT "analytics_counted"`,
];
