extension AttributeCatalogue {
    /// The built-in attributes of the `images` category.
    static let imagesAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "pixelWidth", .number, .images, .notSearchable, aliases: ["kMDItemPixelWidth"],
            summary: "The width of the image or video in pixels."
        ),
        AttributeDefinition(
            "pixelHeight", .number, .images, .notSearchable, aliases: ["kMDItemPixelHeight"],
            summary: "The height of the image or video in pixels."
        ),
        AttributeDefinition(
            "pixelCount", .number, .images, .notSearchable, aliases: ["kMDItemPixelCount"],
            summary: "The number of pixels in the image."
        ),
        AttributeDefinition(
            "colorSpace", .string, .images, .notSearchable, aliases: ["kMDItemColorSpace"],
            summary: "The color space of the image, such as \"RGB\"."
        ),
        AttributeDefinition(
            "bitsPerSample", .number, .images, .notSearchable, aliases: ["kMDItemBitsPerSample"],
            summary: "The number of bits per sample."
        ),
        AttributeDefinition(
            "flashOn", .bool, .images, .notSearchable, aliases: ["kMDItemFlashOnOff"],
            summary: "Whether the flash fired."
        ),
        AttributeDefinition(
            "focalLength", .number, .images, .notSearchable, aliases: ["kMDItemFocalLength"],
            summary: "The focal length of the lens in millimeters."
        ),
        AttributeDefinition(
            "focalLength35mm", .number, .images, .notSearchable, aliases: ["kMDItemFocalLength35mm"],
            summary: "The focal length in millimeters, as for a 35 mm camera."
        ),
        AttributeDefinition(
            "acquisitionMake", .string, .images, .searchable, aliases: ["kMDItemAcquisitionMake"],
            summary: "The manufacturer of the camera that took the image."
        ),
        AttributeDefinition(
            "acquisitionModel", .string, .images, .searchable, aliases: ["kMDItemAcquisitionModel"],
            summary: "The model of the camera that took the image."
        ),
        AttributeDefinition(
            "cameraOwner", .string, .images, .searchable,
            summary: "The owner of the camera that took the image."
        ),
        AttributeDefinition(
            "lensModel", .string, .images, .searchable, aliases: ["kMDItemLensModel"],
            summary: "The model of the lens used."
        ),
        AttributeDefinition(
            "isoSpeed", .number, .images, .notSearchable, aliases: ["kMDItemISOSpeed"],
            summary: "The ISO speed of the camera."
        ),
        AttributeDefinition(
            "orientation", .number, .images, .notSearchable, aliases: ["kMDItemOrientation"],
            summary: "The orientation of the image: 0 landscape, 1 portrait."
        ),
        AttributeDefinition(
            "layerNames", .strings, .images, .searchable, aliases: ["kMDItemLayerNames"],
            summary: "The names of the image's layers."
        ),
        AttributeDefinition(
            "whiteBalance", .number, .images, .notSearchable, aliases: ["kMDItemWhiteBalance"],
            summary: "The white balance setting: 0 auto, 1 manual."
        ),
        AttributeDefinition(
            "aperture", .number, .images, .notSearchable, aliases: ["kMDItemAperture"],
            summary: "The aperture setting of the camera, in APEX units."
        ),
        AttributeDefinition(
            "profileName", .string, .images, .notSearchable, aliases: ["kMDItemProfileName"],
            summary: "The name of the color profile."
        ),
        AttributeDefinition(
            "resolutionWidthDPI", .number, .images, .notSearchable, aliases: ["kMDItemResolutionWidthDPI"],
            summary: "The horizontal resolution in dots per inch."
        ),
        AttributeDefinition(
            "resolutionHeightDPI", .number, .images, .notSearchable, aliases: ["kMDItemResolutionHeightDPI"],
            summary: "The vertical resolution in dots per inch."
        ),
        AttributeDefinition(
            "exposureMode", .number, .images, .notSearchable, aliases: ["kMDItemExposureMode"],
            summary: "The exposure mode: 0 auto, 1 manual, 2 auto bracket."
        ),
        AttributeDefinition(
            "exposureTime", .number, .images, .notSearchable, aliases: ["kMDItemExposureTimeSeconds"],
            summary: "The exposure time in seconds."
        ),
        AttributeDefinition(
            "exifVersion", .string, .images, .notSearchable, aliases: ["kMDItemEXIFVersion"],
            summary: "The EXIF version of the image."
        ),
        AttributeDefinition(
            "exifGPSVersion", .string, .images, .notSearchable, aliases: ["kMDItemEXIFGPSVersion"],
            summary: "The EXIF GPS version of the image."
        ),
        AttributeDefinition(
            "hasAlphaChannel", .bool, .images, .notSearchable, aliases: ["kMDItemHasAlphaChannel"],
            summary: "Whether the image has an alpha channel."
        ),
        AttributeDefinition(
            "redEyeOn", .bool, .images, .notSearchable, aliases: ["kMDItemRedEyeOnOff"],
            summary: "Whether red-eye reduction was used."
        ),
        AttributeDefinition(
            "meteringMode", .string, .images, .notSearchable, aliases: ["kMDItemMeteringMode"],
            summary: "The metering mode of the camera."
        ),
        AttributeDefinition(
            "maxAperture", .number, .images, .notSearchable, aliases: ["kMDItemMaxAperture"],
            summary: "The smallest f-number of the lens."
        ),
        AttributeDefinition(
            "fNumber", .number, .images, .notSearchable, aliases: ["kMDItemFNumber"],
            summary: "The f-number of the camera."
        ),
        AttributeDefinition(
            "exposureProgram", .string, .images, .notSearchable, aliases: ["kMDItemExposureProgram"],
            summary: "The exposure program of the camera."
        ),
        AttributeDefinition(
            "exposureTimeString", .string, .images, .notSearchable, aliases: ["kMDItemExposureTimeString"],
            summary: "The exposure time as text, such as \"1/250\"."
        ),
    ]

    /// The built-in attributes of the `places` category.
    static let placesAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "headline", .string, .places, .searchableByDefault, ranking: .description, aliases: ["kMDItemHeadline"],
            summary: "A short summary of the item's location or content."
        ),
        AttributeDefinition(
            "instructions", .string, .places, .searchable, aliases: ["kMDItemInstructions"],
            summary: "Instructions about the item, such as how to get there."
        ),
        AttributeDefinition(
            "thoroughfare", .string, .places, .searchableByDefault,
            summary: "The street of the address."
        ),
        AttributeDefinition(
            "subThoroughfare", .string, .places, .searchable,
            summary: "The street number or other detail of the address."
        ),
        AttributeDefinition(
            "postalCode", .string, .places, .searchable,
            summary: "The postal code of the address."
        ),
        AttributeDefinition(
            "city", .string, .places, .searchableByDefault, aliases: ["kMDItemCity"],
            summary: "The city of the address."
        ),
        AttributeDefinition(
            "stateOrProvince", .string, .places, .searchableByDefault, aliases: ["kMDItemStateOrProvince"],
            summary: "The state or province of the address."
        ),
        AttributeDefinition(
            "country", .string, .places, .searchableByDefault, aliases: ["kMDItemCountry"],
            summary: "The country or region of the address."
        ),
        AttributeDefinition(
            "fullyFormattedAddress", .string, .places, .searchableByDefault,
            summary: "The complete address as one formatted string."
        ),
        AttributeDefinition(
            "namedLocation", .string, .places, .searchableByDefault, aliases: ["kMDItemNamedLocation"],
            summary: "The name of the location, such as \"Golden Gate Park\"."
        ),
        AttributeDefinition(
            "altitude", .number, .places, .notSearchable, aliases: ["kMDItemAltitude"],
            summary: "The altitude in meters relative to sea level."
        ),
        AttributeDefinition(
            "latitude", .number, .places, .notSearchable, aliases: ["kMDItemLatitude"], range: -90...90,
            summary: "The latitude in degrees, from -90 to 90."
        ),
        AttributeDefinition(
            "longitude", .number, .places, .notSearchable, aliases: ["kMDItemLongitude"], range: -180...180,
            summary: "The longitude in degrees, from -180 to 180."
        ),
        AttributeDefinition(
            "speed", .number, .places, .notSearchable, aliases: ["kMDItemSpeed"],
            summary: "The speed of the device that recorded the location, in kilometers per hour."
        ),
        AttributeDefinition(
            "timestamp", .date, .places, .notSearchable, aliases: ["kMDItemTimestamp"],
            summary: "The date and time the location was recorded."
        ),
        AttributeDefinition(
            "gpsTrack", .number, .places, .notSearchable, aliases: ["kMDItemGPSTrack"],
            summary: "The direction of travel in degrees."
        ),
        AttributeDefinition(
            "imageDirection", .number, .places, .notSearchable, aliases: ["kMDItemImageDirection"],
            summary: "The direction the camera faced, in degrees."
        ),
    ]
}
