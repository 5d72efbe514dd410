import Foundation

/// Typed accessors for the image and place attributes.
///
/// Each property reads and writes the attribute of the same name in
/// ``CSSearchableItemAttributeSet/allAttributes``; assigning `nil` erases it.
extension CSSearchableItemAttributeSet {
    /// The width of the image or video in pixels.
    public var pixelWidth: NSNumber? {
        get { self[number: "pixelWidth"] }
        set { self[number: "pixelWidth"] = newValue }
    }

    /// The height of the image or video in pixels.
    public var pixelHeight: NSNumber? {
        get { self[number: "pixelHeight"] }
        set { self[number: "pixelHeight"] = newValue }
    }

    /// The number of pixels in the image.
    public var pixelCount: NSNumber? {
        get { self[number: "pixelCount"] }
        set { self[number: "pixelCount"] = newValue }
    }

    /// The color space of the image, such as "RGB".
    public var colorSpace: String? {
        get { self[string: "colorSpace"] }
        set { self[string: "colorSpace"] = newValue }
    }

    /// The number of bits per sample.
    public var bitsPerSample: NSNumber? {
        get { self[number: "bitsPerSample"] }
        set { self[number: "bitsPerSample"] = newValue }
    }

    /// Whether the flash fired.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var flashOn: NSNumber? {
        get { self[flag: "flashOn"] }
        set { self[flag: "flashOn"] = newValue }
    }

    /// The focal length of the lens in millimeters.
    public var focalLength: NSNumber? {
        get { self[number: "focalLength"] }
        set { self[number: "focalLength"] = newValue }
    }

    /// The focal length in millimeters, as for a 35 mm camera.
    public var focalLength35mm: NSNumber? {
        get { self[number: "focalLength35mm"] }
        set { self[number: "focalLength35mm"] = newValue }
    }

    /// The manufacturer of the camera that took the image.
    public var acquisitionMake: String? {
        get { self[string: "acquisitionMake"] }
        set { self[string: "acquisitionMake"] = newValue }
    }

    /// The model of the camera that took the image.
    public var acquisitionModel: String? {
        get { self[string: "acquisitionModel"] }
        set { self[string: "acquisitionModel"] = newValue }
    }

    /// The owner of the camera that took the image.
    public var cameraOwner: String? {
        get { self[string: "cameraOwner"] }
        set { self[string: "cameraOwner"] = newValue }
    }

    /// The model of the lens used.
    public var lensModel: String? {
        get { self[string: "lensModel"] }
        set { self[string: "lensModel"] = newValue }
    }

    /// The ISO speed of the camera.
    public var isoSpeed: NSNumber? {
        get { self[number: "isoSpeed"] }
        set { self[number: "isoSpeed"] = newValue }
    }

    /// The orientation of the image: 0 landscape, 1 portrait.
    public var orientation: NSNumber? {
        get { self[number: "orientation"] }
        set { self[number: "orientation"] = newValue }
    }

    /// The names of the image's layers.
    public var layerNames: [String]? {
        get { self[strings: "layerNames"] }
        set { self[strings: "layerNames"] = newValue }
    }

    /// The white balance setting: 0 auto, 1 manual.
    public var whiteBalance: NSNumber? {
        get { self[number: "whiteBalance"] }
        set { self[number: "whiteBalance"] = newValue }
    }

    /// The aperture setting of the camera, in APEX units.
    public var aperture: NSNumber? {
        get { self[number: "aperture"] }
        set { self[number: "aperture"] = newValue }
    }

    /// The name of the color profile.
    public var profileName: String? {
        get { self[string: "profileName"] }
        set { self[string: "profileName"] = newValue }
    }

    /// The horizontal resolution in dots per inch.
    public var resolutionWidthDPI: NSNumber? {
        get { self[number: "resolutionWidthDPI"] }
        set { self[number: "resolutionWidthDPI"] = newValue }
    }

    /// The vertical resolution in dots per inch.
    public var resolutionHeightDPI: NSNumber? {
        get { self[number: "resolutionHeightDPI"] }
        set { self[number: "resolutionHeightDPI"] = newValue }
    }

    /// The exposure mode: 0 auto, 1 manual, 2 auto bracket.
    public var exposureMode: NSNumber? {
        get { self[number: "exposureMode"] }
        set { self[number: "exposureMode"] = newValue }
    }

    /// The exposure time in seconds.
    public var exposureTime: NSNumber? {
        get { self[number: "exposureTime"] }
        set { self[number: "exposureTime"] = newValue }
    }

    /// The EXIF version of the image.
    public var exifVersion: String? {
        get { self[string: "exifVersion"] }
        set { self[string: "exifVersion"] = newValue }
    }

    /// The EXIF GPS version of the image.
    public var exifGPSVersion: String? {
        get { self[string: "exifGPSVersion"] }
        set { self[string: "exifGPSVersion"] = newValue }
    }

    /// Whether the image has an alpha channel.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var hasAlphaChannel: NSNumber? {
        get { self[flag: "hasAlphaChannel"] }
        set { self[flag: "hasAlphaChannel"] = newValue }
    }

    /// Whether red-eye reduction was used.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var redEyeOn: NSNumber? {
        get { self[flag: "redEyeOn"] }
        set { self[flag: "redEyeOn"] = newValue }
    }

    /// The metering mode of the camera.
    public var meteringMode: String? {
        get { self[string: "meteringMode"] }
        set { self[string: "meteringMode"] = newValue }
    }

    /// The smallest f-number of the lens.
    public var maxAperture: NSNumber? {
        get { self[number: "maxAperture"] }
        set { self[number: "maxAperture"] = newValue }
    }

    /// The f-number of the camera.
    public var fNumber: NSNumber? {
        get { self[number: "fNumber"] }
        set { self[number: "fNumber"] = newValue }
    }

    /// The exposure program of the camera.
    public var exposureProgram: String? {
        get { self[string: "exposureProgram"] }
        set { self[string: "exposureProgram"] = newValue }
    }

    /// The exposure time as text, such as "1/250".
    public var exposureTimeString: String? {
        get { self[string: "exposureTimeString"] }
        set { self[string: "exposureTimeString"] = newValue }
    }

    /// A short summary of the item's location or content.
    public var headline: String? {
        get { self[string: "headline"] }
        set { self[string: "headline"] = newValue }
    }

    /// Instructions about the item, such as how to get there.
    public var instructions: String? {
        get { self[string: "instructions"] }
        set { self[string: "instructions"] = newValue }
    }

    /// The street of the address.
    public var thoroughfare: String? {
        get { self[string: "thoroughfare"] }
        set { self[string: "thoroughfare"] = newValue }
    }

    /// The street number or other detail of the address.
    public var subThoroughfare: String? {
        get { self[string: "subThoroughfare"] }
        set { self[string: "subThoroughfare"] = newValue }
    }

    /// The postal code of the address.
    public var postalCode: String? {
        get { self[string: "postalCode"] }
        set { self[string: "postalCode"] = newValue }
    }

    /// The city of the address.
    public var city: String? {
        get { self[string: "city"] }
        set { self[string: "city"] = newValue }
    }

    /// The state or province of the address.
    public var stateOrProvince: String? {
        get { self[string: "stateOrProvince"] }
        set { self[string: "stateOrProvince"] = newValue }
    }

    /// The country or region of the address.
    public var country: String? {
        get { self[string: "country"] }
        set { self[string: "country"] = newValue }
    }

    /// The complete address as one formatted string.
    public var fullyFormattedAddress: String? {
        get { self[string: "fullyFormattedAddress"] }
        set { self[string: "fullyFormattedAddress"] = newValue }
    }

    /// The name of the location, such as "Golden Gate Park".
    public var namedLocation: String? {
        get { self[string: "namedLocation"] }
        set { self[string: "namedLocation"] = newValue }
    }

    /// The altitude in meters relative to sea level.
    public var altitude: NSNumber? {
        get { self[number: "altitude"] }
        set { self[number: "altitude"] = newValue }
    }

    /// The latitude in degrees, from -90 to 90.
    ///
    /// A value outside -90...90 is kept out of the set and reported by ``validate()``.
    public var latitude: NSNumber? {
        get { self[number: "latitude"] }
        set { self[number: "latitude"] = newValue }
    }

    /// The longitude in degrees, from -180 to 180.
    ///
    /// A value outside -180...180 is kept out of the set and reported by ``validate()``.
    public var longitude: NSNumber? {
        get { self[number: "longitude"] }
        set { self[number: "longitude"] = newValue }
    }

    /// The speed of the device that recorded the location, in kilometers per hour.
    public var speed: NSNumber? {
        get { self[number: "speed"] }
        set { self[number: "speed"] = newValue }
    }

    /// The date and time the location was recorded.
    public var timestamp: Date? {
        get { self[date: "timestamp"] }
        set { self[date: "timestamp"] = newValue }
    }

    /// The direction of travel in degrees.
    public var gpsTrack: NSNumber? {
        get { self[number: "gpsTrack"] }
        set { self[number: "gpsTrack"] = newValue }
    }

    /// The direction the camera faced, in degrees.
    public var imageDirection: NSNumber? {
        get { self[number: "imageDirection"] }
        set { self[number: "imageDirection"] = newValue }
    }
}
