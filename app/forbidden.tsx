import Link from "next/link";

export default function Forbidden() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col justify-center px-5">
      <h1 className="text-2xl font-semibold">This report needs a creator key</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        You are signed in with an affiliate key, which the Sales API does not allow to read this data.
      </p>
      <Link href="/revenue" className="mt-6 font-medium underline">Back to your revenue</Link>
    </main>
  );
}
