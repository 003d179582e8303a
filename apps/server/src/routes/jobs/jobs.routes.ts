import { CreatedJob, CreateJobBody, Job, JobList, ListJobsQuery, TraceList } from "@workbench/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cancelJob, createJob, listJobs, presentJob, requireJob } from "../../services/jobs.js";
import { listJobTraces, presentTrace } from "../../services/traces.js";

const Detail = z.object({ detail: z.string() }).passthrough();
const JobParams = z.object({ id: z.string() });
const errors = { 400: Detail, 401: Detail, 404: Detail, 409: Detail };

export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", app.requireUser);
  const common = { tags: ["jobs"], security: [{ bearer: [] }] };

  app.get(
    "/jobs",
    { schema: { ...common, querystring: ListJobsQuery, response: { 200: JobList, ...errors } } },
    async (request) => {
      const { limit, workspace_id } = request.query;
      const jobs = await listJobs(app.deps.database.db, request.user.id, { limit, workspaceId: workspace_id });
      const now = new Date();
      return { jobs: jobs.map((job) => presentJob(job, now)) };
    },
  );

  app.post(
    "/jobs",
    { schema: { ...common, body: CreateJobBody, response: { 202: CreatedJob, ...errors } } },
    async (request, reply) => {
      const id = await createJob({ db: app.deps.database.db, jobs: app.deps.jobs }, request.user.id, {
        kind: request.body.kind,
        workspaceId: request.body.workspace_id,
        payload: request.body.payload,
      });
      return reply.status(202).send({ id, status: "queued" });
    },
  );

  app.get(
    "/jobs/:id",
    { schema: { ...common, params: JobParams, response: { 200: Job, ...errors } } },
    async (request) => presentJob(await requireJob(app.deps.database.db, request.user.id, request.params.id)),
  );

  app.post(
    "/jobs/:id/cancel",
    { schema: { ...common, params: JobParams, response: { 200: Job, ...errors } } },
    async (request) =>
      presentJob(
        await cancelJob({ db: app.deps.database.db, jobs: app.deps.jobs }, request.user.id, request.params.id),
      ),
  );

  app.get(
    "/jobs/:id/traces",
    { schema: { ...common, params: JobParams, response: { 200: TraceList, ...errors } } },
    async (request) => {
      const traces = await listJobTraces(app.deps.database.db, request.user.id, request.params.id);
      return { traces: traces.map(presentTrace) };
    },
  );
};
