import { useParams } from "react-router";
import { FilesBrowser } from "@/features/files/components/files-browser";

/** Routes `files` and `files/<folder path>`: the splat is the folder path, resolved segment by segment. */
export default function FilesPage() {
  const params = useParams();
  return <FilesBrowser folderPath={params["*"] ?? ""} />;
}
