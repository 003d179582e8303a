import type { Config } from "../../config/env.js";
import { AppError } from "../../errors.js";
import type { AiProvider, CallMeta } from "../provider.js";
import { extractFromOcr } from "./extract-items.js";
import { judgeFromOcr } from "./judge-attributes.js";
import { OcrPool } from "./ocr-pool.js";

export type LocalProviderConfig = Pick<Config, "OCR_WORKERS">;

/** The name reported in traces: the OCR engine and its language model. */
export const LOCAL_MODEL = "tesseract.js-7/eng-best-int+rules";

const META: CallMeta = { provider: "local", model: LOCAL_MODEL };

/** The local engine has no language model; it says so instead of inventing text. */
export class LocalChatUnsupportedError extends AppError {
  constructor() {
    super(
      501,
      "The local AI engine cannot answer free-form questions; configure AI_PROVIDER=openai to use a language model.",
    );
  }
}

/** Offline provider: tesseract OCR with word boxes plus deterministic label/value reasoning. */
export function createLocalProvider(config: LocalProviderConfig = {}): AiProvider {
  const pool = new OcrPool({ workers: config.OCR_WORKERS });
  return {
    name: "local",
    async chat() {
      throw new LocalChatUnsupportedError();
    },
    async readText(image) {
      return { ...(await pool.read(image)), ...META };
    },
    async extractItems(image, queries) {
      const ocr = await pool.read(image);
      return { items: extractFromOcr(ocr, queries).map((a) => a.item), ...META };
    },
    async judgeAttributes({ image, attributes }) {
      const ocr = await pool.read(image);
      return { ...judgeFromOcr(ocr, attributes), ...META };
    },
    close: () => pool.close(),
  };
}

export { OcrPool } from "./ocr-pool.js";
