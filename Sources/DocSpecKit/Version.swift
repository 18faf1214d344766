/// DocSpec's release version, as `docspec --version`, SARIF's `tool.driver.version` and the
/// baseline's tool field show it.
///
/// It follows Semantic Versioning (`major.minor.patch`, no prefix). The top released section of
/// `CHANGELOG.md` (`## [x.y.z] - YYYY-MM-DD`) names the same version and the release is tagged
/// `x.y.z`; a test keeps the constant and the changelog in step.
public enum DocSpecVersion {
    /// The version string, e.g. `0.1.0`.
    public static let current = "0.1.0"
}
