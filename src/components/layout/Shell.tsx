import { ThemedLayout } from "@refinedev/antd";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoading } from "../PageLoading";
import { Header } from "./Header";
import { Sider } from "./Sider";

/** The signed-in frame: Refine's themed layout with our navConfig sider and header. */
export default function Shell() {
  return (
    <ThemedLayout Sider={Sider} Header={Header}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ThemedLayout>
  );
}
