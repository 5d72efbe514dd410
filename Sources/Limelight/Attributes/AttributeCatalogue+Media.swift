extension AttributeCatalogue {
    /// The built-in attributes of the `media` category.
    static let mediaAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "duration", .number, .media, .notSearchable, aliases: ["kMDItemDurationSeconds"],
            summary: "The duration of the media in seconds."
        ),
        AttributeDefinition(
            "contactKeywords", .strings, .media, .searchableByDefault,
            ranking: .keywords, aliases: ["kMDItemContactKeywords"],
            summary: "Keywords associated with the contact or the item's people."
        ),
        AttributeDefinition(
            "codecs", .strings, .media, .notSearchable, aliases: ["kMDItemCodecs"],
            summary: "The codecs used to encode the media."
        ),
        AttributeDefinition(
            "mediaTypes", .strings, .media, .notSearchable, aliases: ["kMDItemMediaTypes"],
            summary: "The kinds of media in the item, such as \"Sound\" or \"Video\"."
        ),
        AttributeDefinition(
            "streamable", .bool, .media, .notSearchable, aliases: ["kMDItemStreamable"],
            summary: "Whether the media can be streamed."
        ),
        AttributeDefinition(
            "totalBitRate", .number, .media, .notSearchable, aliases: ["kMDItemTotalBitRate"],
            summary: "The total bit rate of the media, audio and video combined."
        ),
        AttributeDefinition(
            "videoBitRate", .number, .media, .notSearchable, aliases: ["kMDItemVideoBitRate"],
            summary: "The bit rate of the video."
        ),
        AttributeDefinition(
            "audioBitRate", .number, .media, .notSearchable, aliases: ["kMDItemAudioBitRate"],
            summary: "The bit rate of the audio."
        ),
        AttributeDefinition(
            "deliveryType", .number, .media, .notSearchable, aliases: ["kMDItemDeliveryType"],
            summary: "How the media is delivered: 0 for fast start, 1 for a real-time stream."
        ),
        AttributeDefinition(
            "languages", .strings, .media, .searchable, aliases: ["kMDItemLanguages"],
            summary: "The languages of the item's content."
        ),
        AttributeDefinition(
            "rights", .string, .media, .searchable, aliases: ["kMDItemRights"],
            summary: "A description of the rights held in the item."
        ),
        AttributeDefinition(
            "publishers", .strings, .media, .searchable, aliases: ["kMDItemPublishers"],
            summary: "The entities that published the item."
        ),
        AttributeDefinition(
            "contributors", .strings, .media, .searchable, aliases: ["kMDItemContributors"],
            summary: "The entities that contributed to the item."
        ),
        AttributeDefinition(
            "coverage", .strings, .media, .searchable, aliases: ["kMDItemCoverage"],
            summary: "The extent or scope of the item's content."
        ),
        AttributeDefinition(
            "editors", .strings, .media, .searchable, aliases: ["kMDItemEditors"],
            summary: "The people who edited the item."
        ),
        AttributeDefinition(
            "participants", .strings, .media, .searchable, aliases: ["kMDItemParticipants"],
            summary: "The people who participated in the item, such as meeting attendees."
        ),
        AttributeDefinition(
            "projects", .strings, .media, .searchable, aliases: ["kMDItemProjects"],
            summary: "The projects the item belongs to."
        ),
        AttributeDefinition(
            "contentSources", .strings, .media, .notSearchable, aliases: ["kMDItemWhereFroms"],
            summary: "Where the item came from, such as download URLs or senders."
        ),
        AttributeDefinition(
            "comment", .string, .media, .searchable, aliases: ["kMDItemComment"],
            summary: "A comment about the item."
        ),
        AttributeDefinition(
            "copyright", .string, .media, .searchable, aliases: ["kMDItemCopyright"],
            summary: "The copyright of the item's content."
        ),
        AttributeDefinition(
            "organizations", .strings, .media, .searchable, aliases: ["kMDItemOrganizations"],
            summary: "The organizations that created the item."
        ),
        AttributeDefinition(
            "information", .string, .media, .searchable, aliases: ["kMDItemInformation"],
            summary: "Additional information about the item."
        ),
        AttributeDefinition(
            "director", .string, .media, .searchableByDefault, aliases: ["kMDItemDirector"],
            summary: "The director of the movie."
        ),
        AttributeDefinition(
            "producer", .string, .media, .searchable, aliases: ["kMDItemProducer"],
            summary: "The producer of the media."
        ),
        AttributeDefinition(
            "genre", .string, .media, .searchableByDefault, aliases: ["kMDItemGenre"],
            summary: "The genre of the movie or show."
        ),
        AttributeDefinition(
            "performers", .strings, .media, .searchableByDefault, aliases: ["kMDItemPerformers"],
            summary: "The performers in the media."
        ),
        AttributeDefinition(
            "originalFormat", .string, .media, .notSearchable, aliases: ["kMDItemOriginalFormat"],
            summary: "The original format of the media."
        ),
        AttributeDefinition(
            "originalSource", .string, .media, .searchable, aliases: ["kMDItemOriginalSource"],
            summary: "The original source of the media."
        ),
        AttributeDefinition(
            "local", .bool, .media, .notSearchable,
            summary: "Whether the media is stored on the device."
        ),
        AttributeDefinition(
            "contentRating", .number, .media, .notSearchable,
            summary: "The content rating of the media, such as an age rating (0 = not rated)."
        ),
        AttributeDefinition(
            "url", .url, .media, .notSearchable, aliases: ["kMDItemURL"],
            summary: "The URL of the media, such as a web page for the movie."
        ),
        AttributeDefinition(
            "playCount", .number, .media, .notSearchable,
            summary: "How many times the media has been played."
        ),
    ]

    /// The built-in attributes of the `music` category.
    static let musicAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "artist", .string, .music, .searchableByDefault,
            summary: "The artist of the song or album."
        ),
        AttributeDefinition(
            "album", .string, .music, .searchableByDefault, aliases: ["kMDItemAlbum"],
            summary: "The album the song belongs to."
        ),
        AttributeDefinition(
            "composer", .string, .music, .searchableByDefault, aliases: ["kMDItemComposer"],
            summary: "The composer of the music."
        ),
        AttributeDefinition(
            "lyricist", .string, .music, .searchable, aliases: ["kMDItemLyricist"],
            summary: "The lyricist of the song."
        ),
        AttributeDefinition(
            "musicalGenre", .string, .music, .searchableByDefault, aliases: ["kMDItemMusicalGenre"],
            summary: "The musical genre of the song or album."
        ),
        AttributeDefinition(
            "audioTrackNumber", .number, .music, .notSearchable, aliases: ["kMDItemAudioTrackNumber"],
            summary: "The track number of the song on its album."
        ),
        AttributeDefinition(
            "recordingDate", .date, .music, .notSearchable, aliases: ["kMDItemRecordingDate"],
            summary: "The date the music was recorded."
        ),
        AttributeDefinition(
            "audioSampleRate", .number, .music, .notSearchable, aliases: ["kMDItemAudioSampleRate"],
            summary: "The sample rate of the audio in hertz."
        ),
        AttributeDefinition(
            "audioChannelCount", .number, .music, .notSearchable, aliases: ["kMDItemAudioChannelCount"],
            summary: "The number of audio channels."
        ),
        AttributeDefinition(
            "tempo", .number, .music, .notSearchable, aliases: ["kMDItemTempo"],
            summary: "The tempo of the music in beats per minute."
        ),
        AttributeDefinition(
            "keySignature", .string, .music, .notSearchable, aliases: ["kMDItemKeySignature"],
            summary: "The key of the music, such as \"C\" or \"Dm\"."
        ),
        AttributeDefinition(
            "timeSignature", .string, .music, .notSearchable, aliases: ["kMDItemTimeSignature"],
            summary: "The time signature of the music, such as \"4/4\"."
        ),
        AttributeDefinition(
            "audioEncodingApplication", .string, .music, .notSearchable, aliases: ["kMDItemAudioEncodingApplication"],
            summary: "The application that encoded the audio."
        ),
        AttributeDefinition(
            "generalMIDISequence", .bool, .music, .notSearchable, aliases: ["kMDItemIsGeneralMIDISequence"],
            summary: "Whether the music is a General MIDI sequence."
        ),
        AttributeDefinition(
            "musicalInstrumentCategory", .string, .music, .searchable, aliases: ["kMDItemMusicalInstrumentCategory"],
            summary: "The category of the instrument, such as \"Guitars\"."
        ),
        AttributeDefinition(
            "musicalInstrumentName", .string, .music, .searchable, aliases: ["kMDItemMusicalInstrumentName"],
            summary: "The name of the instrument."
        ),
    ]
}
