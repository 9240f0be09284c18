// GET/POST /api/auth/*: next-auth (sign-in with a Sales API credential, session, sign-out).
import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/auth/auth-options";

// Options are built per request: they read the validated environment, which a build lacks.
function handler(request: Request, context: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(request as never, context as never, getAuthOptions());
}

export { handler as GET, handler as POST };
