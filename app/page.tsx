import { LandingPage } from "@/components/landing/landing-page";
import { readUpstreamHealth } from "@/lib/upstream-health";

export default function HomePage() {
  // Not awaited here: the status pill waits for it in its own Suspense boundary.
  return <LandingPage health={readUpstreamHealth()} />;
}
