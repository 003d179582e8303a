export function AppRoutes() {
  return null;
}
