import { ChatCompletionBody, ChatCompletionResponse } from "@workbench/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { completeChat } from "../../services/chat.js";

const Detail = z.object({ detail: z.string() }).passthrough();

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/chat-completion",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["ai"],
        security: [{ bearer: [] }],
        body: ChatCompletionBody,
        response: { 200: ChatCompletionResponse, 400: Detail, 401: Detail, 501: Detail, 502: Detail, 504: Detail },
      },
    },
    async (request) => completeChat(app.deps.ai, request.body),
  );
};
