import { ThemedLayout } from "@refinedev/antd";
import { RefineKbar, RefineKbarProvider } from "@refinedev/kbar";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoading } from "../PageLoading";
import { Header } from "./Header";
import { Sider } from "./Sider";

/**
 * The signed-in frame: Refine's themed layout with our navConfig sider and header. The command
 * palette lives here too: it is only useful once signed in, so it stays out of the login bundle.
 */
export default function Shell() {
  return (
    <RefineKbarProvider>
      <ThemedLayout Sider={Sider} Header={Header}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ThemedLayout>
      <RefineKbar />
    </RefineKbarProvider>
  );
}
