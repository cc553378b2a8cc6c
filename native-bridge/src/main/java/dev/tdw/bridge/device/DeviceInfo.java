package dev.tdw.bridge.device;

/** What a runtime reports about the device it computes on. Memory is in bytes. */
public record DeviceInfo(String runtime, int deviceId, int deviceCount, long freeBytes, long totalBytes) {}
