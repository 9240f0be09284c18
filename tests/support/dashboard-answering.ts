// Whether a dashboard started by a test answers yet: its sign-in page without a server error.
export async function dashboardAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/sign-in`, { redirect: "manual" });
    return res.status < 500;
  } catch {
    return false;
  }
}
