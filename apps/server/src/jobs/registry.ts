import type { AnyJobDefinition } from "./define-job.js";
import { extractItemsJob } from "./definitions/extract-items.js";
import { extractionAnalyzeJob, extractionRetestJob } from "./definitions/extraction-analyze.js";

/** Every job the product runs; one definition per file under definitions/. */
export const jobDefinitions: AnyJobDefinition[] = [extractItemsJob, extractionAnalyzeJob, extractionRetestJob];
