/// Core Spotlight for Linux: Apple's framework name over Limelight's implementation.
///
/// Existing Core Spotlight code builds unchanged with `import CoreSpotlight`. This module is
/// declared only on Linux, so it never shadows Apple's framework on Apple platforms.
@_exported import Limelight
