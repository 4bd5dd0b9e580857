// Starts Swagger UI (served by this site under /docs/assets) on the page's element.
"use strict";
(function () {
  var root = document.getElementById("swagger-ui");
  window.SwaggerUIBundle({
    url: root.getAttribute("data-openapi"),
    domNode: root,
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
  });
})();
