/// StoreKit 2 style transactions and entitlements (placeholder).
public enum PurchaseFlowLibrary {}
